import {
  CUSTOMER_MESSAGE_EVENTS,
  CUSTOMER_MESSAGE_SETTINGS_DEFAULTS,
  DEFAULT_SMS_BASE_URL,
  DEFAULT_TEMPLATES,
  STILL_WAITING_DAYS,
  type TCustomerMessageEvent,
  type TCustomerMessageSettings,
  type TCustomerMessageSettingsChanges,
  type TCustomerMessageTemplate,
  ZCustomerMessageSendModeSchema,
  ZCustomerMessageTemplateSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { isSameDestination } from '@loupe/domain/validation/provider-secret';
import { z } from 'zod';
import { openForDestination, sealForDestination } from '../../lib/bound-secret.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import type { TSettingsRepository } from '../settings/repository.ts';

/** The settings table's key of Settings › customer messages. */
export const CUSTOMER_MESSAGE_SETTINGS_KEY = 'customer-messages';

/** What is stored: the browser's view, with the auth token sealed instead of "set / not set". */
export type TStoredCustomerMessageSettings = Omit<TCustomerMessageSettings, 'sms'> & {
  readonly sms: {
    readonly accountSid: string | null;
    readonly fromNumber: string | null;
    readonly baseUrl: string;
    /** Sealed with the base URL it was entered for (bound-secret.ts): opened only for that address. */
    readonly authTokenSealed: string | null;
    readonly allowPrivateNetwork: boolean;
  };
};

const ZStoredObjectSchema = z.record(z.string(), z.unknown());
const text = z.string().min(1).nullable().catch(null);

// Field by field, so one bad stored value falls back alone (spec §5).
function parseStored(stored: Record<string, unknown>): TStoredCustomerMessageSettings {
  const templates = ZStoredObjectSchema.catch({}).parse(stored.templates);
  const sms = ZStoredObjectSchema.catch({}).parse(stored.sms);
  return {
    sendMode: ZCustomerMessageSendModeSchema.catch(CUSTOMER_MESSAGE_SETTINGS_DEFAULTS.sendMode).parse(
      stored.sendMode,
    ),
    stillWaitingDays: z
      .number()
      .int()
      .min(STILL_WAITING_DAYS.min)
      .max(STILL_WAITING_DAYS.max)
      .catch(STILL_WAITING_DAYS.default)
      .parse(stored.stillWaitingDays),
    templates: Object.fromEntries(
      CUSTOMER_MESSAGE_EVENTS.map((event) => [
        event,
        ZCustomerMessageTemplateSchema.catch(DEFAULT_TEMPLATES[event]).parse(templates[event]),
      ]),
    ) as Record<TCustomerMessageEvent, TCustomerMessageTemplate>,
    sms: {
      accountSid: text.parse(sms.accountSid),
      fromNumber: text.parse(sms.fromNumber),
      baseUrl: z.string().min(1).catch(DEFAULT_SMS_BASE_URL).parse(sms.baseUrl),
      authTokenSealed: text.parse(sms.authTokenSealed),
      allowPrivateNetwork: z.boolean().catch(false).parse(sms.allowPrivateNetwork),
    },
  };
}

/** Reads and writes Settings › customer messages; the auth token goes in sealed and never comes out. */
export function createCustomerMessageSettingsStore(options: {
  readonly settings: TSettingsRepository;
  readonly box: TSecretBox;
}) {
  const { settings, box } = options;

  async function read(): Promise<TStoredCustomerMessageSettings> {
    return parseStored(await settings.read(CUSTOMER_MESSAGE_SETTINGS_KEY, ZStoredObjectSchema));
  }

  return {
    read,

    /** The browser's view: "set" or "not set" in place of the token. */
    toPublic(stored: TStoredCustomerMessageSettings): TCustomerMessageSettings {
      const { authTokenSealed, ...sms } = stored.sms;
      return { ...stored, sms: { ...sms, isAuthTokenSet: authTokenSealed !== null } };
    },

    /**
     * The auth token in clear, for sending to the stored base URL; null when none is set, when it was entered
     * for another address, or when it cannot be opened (key changed).
     */
    authToken(stored: TStoredCustomerMessageSettings): string | null {
      if (stored.sms.authTokenSealed === null) return null;
      return openForDestination(box, stored.sms.authTokenSealed, stored.sms.baseUrl);
    },

    /**
     * Applies a change the service has checked (who may make it, the address, the secret coming with a new
     * address). The token is sealed for the base URL it will be sent to; a new address without a token to
     * go with it leaves none stored.
     */
    async apply(changes: TCustomerMessageSettingsChanges, updatedBy: string): Promise<void> {
      const current = await read();
      const sms = changes.sms ?? {};
      const baseUrl = sms.baseUrl ?? current.sms.baseUrl;
      const moved = !isSameDestination(baseUrl, current.sms.baseUrl);
      const next: TStoredCustomerMessageSettings = {
        sendMode: changes.sendMode ?? current.sendMode,
        stillWaitingDays: changes.stillWaitingDays ?? current.stillWaitingDays,
        templates: { ...current.templates, ...changes.templates },
        sms: {
          accountSid: sms.accountSid === undefined ? current.sms.accountSid : sms.accountSid,
          fromNumber: sms.fromNumber === undefined ? current.sms.fromNumber : sms.fromNumber,
          baseUrl,
          authTokenSealed:
            sms.authToken === undefined
              ? moved
                ? null
                : current.sms.authTokenSealed
              : sms.authToken === null
                ? null
                : sealForDestination(box, baseUrl, sms.authToken),
          allowPrivateNetwork: sms.allowPrivateNetwork ?? current.sms.allowPrivateNetwork,
        },
      };
      await settings.write(CUSTOMER_MESSAGE_SETTINGS_KEY, next, updatedBy);
    },
  };
}

export type TCustomerMessageSettingsStore = ReturnType<typeof createCustomerMessageSettingsStore>;
