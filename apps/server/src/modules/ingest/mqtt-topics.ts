/**
 * The MQTT topics readers publish to (documented in docs/rfid-readers.md and shown in Settings › MQTT):
 *   loupe/readers/{readerId}/zebra[/…]    Zebra IoT Connector data and management events
 *   loupe/readers/{readerId}/impinj[/…]   Impinj R700 IoT interface events
 *   loupe/readers/{readerId}/reads[/…]    generic JSON reads
 * The payload format follows from the topic, so one reader can never be read with another's adapter.
 */
export const TOPIC_ROOT = 'loupe/readers';
export const PAYLOAD_FORMATS = ['zebra', 'impinj', 'reads'] as const;
export type TPayloadFormat = (typeof PAYLOAD_FORMATS)[number];

/** What Loupe subscribes to; with an external broker, through a shared subscription (`$share/loupe/…`). */
export const READER_TOPIC_FILTER = `${TOPIC_ROOT}/+/#`;
export const SHARED_SUBSCRIPTION_GROUP = 'loupe';

export type TReaderTopic = { readonly readerId: string; readonly format: TPayloadFormat };

const TOPIC = /^loupe\/readers\/([A-Za-z0-9_-]{1,64})\/(zebra|impinj|reads)(?:\/[^#+]*)?$/;

export function parseReaderTopic(topic: string): TReaderTopic | null {
  const match = TOPIC.exec(topic);
  if (!match?.[1] || !match[2]) return null;
  return { readerId: match[1], format: match[2] as TPayloadFormat };
}

export function readerTopic(readerId: string, format: TPayloadFormat): string {
  return `${TOPIC_ROOT}/${readerId}/${format}`;
}

/**
 * The MQTT client ids a reader may connect with to the embedded broker (issue 34 §6): its own reader id, or
 * its reader id, a dot and anything (`bench-fx9600.backup` for a second connection). Reader ids cannot
 * hold a dot, so no reader's key can claim another reader's client id, and with it take over (disconnect)
 * that reader's connection. A client that sends no client id gets a unique one from the broker.
 */
export function isReaderClientId(readerId: string, clientId: string): boolean {
  return clientId === readerId || clientId.startsWith(`${readerId}.`);
}
