/** What one request to a configured address came to: the receiver's status code, or why no answer came. */
export type TOutboundOutcome = { readonly statusCode: number | null; readonly error: string | null };

const ERROR_LENGTH = 500;

/**
 * The outcome of a POST to an address someone configured (a webhook, an EPCIS repository), made through the
 * outbound guard: a 2xx succeeds; another status, a timeout or a refused connection is an error in words for
 * the admin's log. The answer's body is not kept: its status is the receiver's word.
 */
export async function outboundOutcome(
  request: () => Promise<Response>,
  options: { readonly timeoutMs: number; readonly receiver: string },
): Promise<TOutboundOutcome> {
  try {
    const response = await request();
    await response.body?.cancel().catch(() => undefined);
    return response.ok
      ? { statusCode: response.status, error: null }
      : { statusCode: response.status, error: `The ${options.receiver} answered ${response.status}` };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { statusCode: null, error: `No answer within ${Math.round(options.timeoutMs / 1000)} s` };
    }
    const cause = (error as { cause?: { message?: unknown } }).cause;
    const detail = typeof cause?.message === 'string' ? `: ${cause.message}` : '';
    return { statusCode: null, error: `${(error as Error).message}${detail}`.slice(0, ERROR_LENGTH) };
  }
}
