import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Settings › MQTT (admin; spec §6): how readers reach this Loupe instance — its embedded broker, or the
 * shared subscription on an external one — and the topics they publish to (docs/rfid-readers.md).
 */
export const MQTT_MODES = ['embedded', 'external', 'none'] as const;

export const ZMqttSettingsSchema = lazySchema(() =>
  z.object({
    mode: z.enum(MQTT_MODES),
    /** The embedded broker's port. */
    port: z.number().int().nullable(),
    /** The external broker's host (never its credentials). */
    brokerHost: z.string().nullable(),
    /** Readers connected to the embedded broker now. */
    connectedClients: z.number().int().nullable(),
    /** The shared subscription on an external broker. */
    subscription: z.string().nullable(),
    topics: z.array(z.object({ format: z.string(), topic: z.string(), description: z.string() })),
  }),
);
export type TMqttSettings = z.infer<typeof ZMqttSettingsSchema>;
