import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, signInDelayMs, signInThrottledMail } from './sign-in-throttle';

describe('sign-in throttle (issue 20 §2)', () => {
  it.each([
    ['source', 4, 0],
    ['source', 5, 30_000],
    ['source', 6, 60_000],
    ['source', 7, 120_000],
    ['source', 9, 480_000],
    ['source', 10, 900_000],
    ['source', 1000, 900_000],
    ['account', 19, 0],
    ['account', 20, 30_000],
    ['device', 9, 0],
    ['device', 11, 60_000],
  ] as const)('%s scope after %i failures waits %i ms', (scope, failures, delay) => {
    expect(signInDelayMs(scope, failures)).toBe(delay);
  });

  it('never waits longer than the cap, so nobody is locked out for good', () => {
    expect(SIGN_IN_THROTTLE.maxDelayMs).toBe(15 * 60_000);
    expect(signInDelayMs('account', Number.MAX_SAFE_INTEGER)).toBe(SIGN_IN_THROTTLE.maxDelayMs);
  });

  it('tells the owner where the attempts came from and that a known browser still signs in', () => {
    const mail = signInThrottledMail({
      companyName: 'Atelier Nord',
      email: 'ada@atelier.example',
      scope: 'source',
      ip: '203.0.113.9',
    });
    expect(mail.subject).toBe('Atelier Nord: sign-in attempts on your account are being slowed down');
    expect(mail.text).toContain('(ada@atelier.example)');
    expect(mail.text).toContain('from the address 203.0.113.9');
    expect(mail.text).toContain('You can still sign in with your password from a browser or device');
    expect(signInThrottledMail({ companyName: 'L', email: 'e', scope: 'account', ip: 'x' }).text).toContain(
      'from several addresses',
    );
    expect(signInThrottledMail({ companyName: 'L', email: 'e', scope: 'device', ip: 'x' }).text).toContain(
      'from a browser you signed in with before',
    );
  });
});
