import { createHmac, randomBytes } from 'node:crypto';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_PREFIX,
  webhookSignedContent,
  webhookTimestampOf,
} from '@loupe/domain/integrations/webhooks';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, "Signature scheme"): a `whsec_<base64>`
 * secret; `webhook-signature: v1,<base64 HMAC-SHA-256 of "{id}.{timestamp}.{body}">` under its key. Any of
 * the specification's libraries verifies what this signs.
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  return Buffer.from(encoded, 'base64');
}

export function signWebhook(input: {
  readonly secret: string;
  readonly id: string;
  readonly timestamp: number;
  readonly body: string;
}): string {
  return `v1,${createHmac('sha256', keyOf(input.secret)).update(webhookSignedContent(input)).digest('base64')}`;
}

/** The three headers of a delivery sent at `at`. */
export function webhookHeaders(input: {
  readonly secret: string;
  readonly id: string;
  readonly at: Date;
  readonly body: string;
}): Record<string, string> {
  const timestamp = webhookTimestampOf(input.at);
  return {
    [WEBHOOK_HEADERS.id]: input.id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signWebhook({ ...input, timestamp }),
  };
}
