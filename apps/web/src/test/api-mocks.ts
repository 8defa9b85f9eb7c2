import { vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** The API's success envelope around `data`. */
export function envelope(data: unknown) {
  return { success: true, data };
}

/** One page of a keyset-paged list, in its envelope. */
export function page<T>(items: readonly T[], nextCursor: string | null = null, total = items.length) {
  return envelope({ items, total, nextCursor });
}

export function notFound(): ApiError {
  return new ApiError({ message: 'Not found', status: 404, code: 'NOT_FOUND' });
}

type TGetHandler = (options: TRequestOptions | undefined) => unknown;

/**
 * Answers apiClient.get by path; a path with no answer fails the test loudly. Answers that are Errors are
 * thrown, as the client would.
 */
export function mockGet(answers: Readonly<Record<string, TGetHandler | unknown>>) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path, options) => {
    if (!(path in answers)) throw new Error(`unexpected GET ${path}`);
    const answer = answers[path];
    const value = typeof answer === 'function' ? (answer as TGetHandler)(options) : answer;
    if (value instanceof Error) throw value;
    return value;
  });
}
