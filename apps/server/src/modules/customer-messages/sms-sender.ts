/**
 * The SMS side of customer messages: Twilio's Messages API, which other providers copy
 * (POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To/From/Body, HTTP basic auth
 * SID:auth token). Anything but a 2xx is a failed attempt, retried by the outbox.
 */
export type TSmsConfig = {
  readonly baseUrl: string;
  readonly accountSid: string;
  readonly authToken: string;
  readonly fromNumber: string;
};

const TIMEOUT_MS = 15_000;

/** How a request leaves: the outbound guard's fetch under the provider's policy (lib/outbound-url.ts). */
export type TSmsFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

export async function sendSms(
  config: TSmsConfig,
  message: { readonly to: string; readonly body: string },
  send: TSmsFetch,
): Promise<{ providerId: string | null }> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const response = await send(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ To: message.to, From: config.fromNumber, Body: message.body }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: { sid?: unknown; message?: unknown; code?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const detail = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 300)}` : '';
    const code = answer.code === undefined ? '' : ` (code ${String(answer.code)})`;
    throw new Error(`The SMS provider answered ${response.status}${code}${detail}`);
  }
  return { providerId: typeof answer.sid === 'string' ? answer.sid : null };
}

/** A phone number as the provider wants it: the digits, with the leading + when typed. */
export function smsAddressOf(phone: string): string {
  const trimmed = phone.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
