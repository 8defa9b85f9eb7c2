import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './signature.ts';

describe('webhook signatures (Standard Webhooks)', () => {
  it("reproduces the specification's published test vector", () => {
    // The vector the Standard Webhooks libraries test against (standard-webhooks/standard-webhooks).
    expect(
      signWebhook({
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs id, whole seconds and body under the secret, as a receiver recomputes it', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = '{"type":"order.created"}';
    const headers = webhookHeaders({ secret, id: 'abc', at: new Date('2026-11-28T10:00:00.900Z'), body });
    expect(headers['webhook-id']).toBe('abc');
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-11-28T10:00:00Z') / 1000));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`abc.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
