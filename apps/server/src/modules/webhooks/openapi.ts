import {
  type TWebhookDeliveryEventType,
  WEBHOOK_DATA_SCHEMAS,
  WEBHOOK_EVENT_TYPE_LABELS,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEnvelopeSchema,
} from '@loupe/domain/integrations/webhooks';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

const HEADERS_NOTE =
  'Sent as POST application/json with the Standard Webhooks headers: `webhook-id` (the delivery id, the same on every retry and replay: drop duplicates by it), `webhook-timestamp` (seconds since the epoch) and `webhook-signature` (`v1,` + base64 HMAC-SHA-256 of `{webhook-id}.{webhook-timestamp}.{body}` under the base64 key after `whsec_` in the secret). Answer 2xx within WEBHOOK_TIMEOUT_SECONDS; anything else is retried for 24 h.';

/**
 * The body of each webhook event type, for the OpenAPI document's components (issue 41): `Webhook.<type>`,
 * made from the same zod schemas the payloads come from (packages/domain/src/integrations/webhooks.ts).
 */
export function webhookPayloadComponents(): Record<string, OpenAPIV3.SchemaObject> {
  const labels: Record<TWebhookDeliveryEventType, string> = {
    ...WEBHOOK_EVENT_TYPE_LABELS,
    [WEBHOOK_TEST_EVENT_TYPE]: 'Test event (Settings › integrations › Send test event)',
  };
  return Object.fromEntries(
    (Object.keys(WEBHOOK_DATA_SCHEMAS) as TWebhookDeliveryEventType[]).map((type) => [
      `Webhook.${type}`,
      {
        ...(z.toJSONSchema(webhookEnvelopeSchema(type, WEBHOOK_DATA_SCHEMAS[type]), {
          target: 'openapi-3.0',
          unrepresentable: 'any',
        }) as OpenAPIV3.SchemaObject),
        title: `Webhook ${type}`,
        description: `${labels[type]}. ${HEADERS_NOTE}`,
      },
    ]),
  );
}
