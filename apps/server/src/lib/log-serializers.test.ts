import { describe, expect, it } from 'vitest';
import { loggablePath, serializeLoggedRequest } from './log-serializers.ts';

describe('loggablePath', () => {
  it.each([
    ['/t/Xk3vAbC_-9', '/t/[token]'],
    ['/t/Xk3vAbC_-9?utm=mail', '/t/[token]'],
    ['/design-approval/abc.DEF', '/design-approval/[token]'],
    ['/api/v1/public/tracking/abc', '/api/v1/public/tracking/[token]'],
    ['/api/v1/public/design-approvals/abc/decision', '/api/v1/public/design-approvals/[token]/decision'],
    ['/api/v1/public/design-approvals/abc/files/f1', '/api/v1/public/design-approvals/[token]/files/f1'],
    // A public area added later is covered without another rule.
    ['/api/v1/public/webhooks/abc/ping', '/api/v1/public/webhooks/[token]/ping'],
  ])('takes the capability out of %s', (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });

  it.each([
    ['/api/v1/orders?q=Duras', '/api/v1/orders'],
    ['/reset-password?token=abc&email=a@b.example', '/reset-password'],
    ['/api/v1/orders/42', '/api/v1/orders/42'],
    ['/tracking/orders', '/tracking/orders'],
    ['/api/v1/public', '/api/v1/public'],
  ])('keeps %s to its path', (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });

  it('is what a request line shows', () => {
    expect(serializeLoggedRequest({ method: 'GET', url: '/t/secret-token?code=1' }).url).toBe('/t/[token]');
  });
});
