import { describe, expect, it } from 'vitest';
import { ApiError, isRetryableError } from './api-error';

describe('isRetryableError', () => {
  it.each([
    ['no answer (network failure or timeout)', 0, true],
    ['a server failure', 500, true],
    ['a server unavailable', 503, true],
    ['a request timeout (spec §9)', 408, true],
    ['rate limited (spec §9)', 429, true],
    ['an invalid request', 400, false],
    ['a forbidden request', 403, false],
    ['something deleted meanwhile', 404, false],
    ['a conflict', 409, false],
  ])('%s (%i) → %s', (_, status, expected) => {
    expect(isRetryableError(new ApiError({ message: 'x', status }))).toBe(expected);
  });

  it('does not retry what is no API error, such as an answer that could not be read', () => {
    expect(isRetryableError(new Error('Unexpected answer'))).toBe(false);
  });
});
