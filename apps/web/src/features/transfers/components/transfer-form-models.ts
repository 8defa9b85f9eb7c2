import {
  type TCreateTransferInput,
  type TLocationKind,
  TRANSFER_MESSAGES,
  type TSendTransferInput,
  type TTransferItemRef,
  ZCreateTransferInputSchema,
  ZSendTransferInputSchema,
} from '@loupe/domain/transfers/transfers';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

export const NEW_TRANSFER_FIELDS = ['fromLocationId', 'toLocationId', 'bagLabel', 'items'] as const;
export type TNewTransferField = (typeof NEW_TRANSFER_FIELDS)[number];
export type TNewTransferValues = {
  readonly fromLocationId: string;
  readonly toLocationId: string;
  readonly bagLabel: string;
  readonly items: readonly TTransferItemRef[];
};

/** A new bag: two different locations (the server's schema and its same-location rule), envelopes optional. */
export function parseNewTransferForm(
  values: TNewTransferValues,
): TFormParseResult<TNewTransferField, TCreateTransferInput> {
  const parsed = ZCreateTransferInputSchema.safeParse({
    ...values,
    items: [...values.items],
    bagLabel: values.bagLabel.trim() || undefined,
  });
  if (!parsed.success) {
    return {
      ok: false,
      errors: formErrorsFromZod(parsed.error, NEW_TRANSFER_FIELDS, {
        fromLocationId: 'Choose where the bag leaves from',
        toLocationId: 'Choose where the bag goes',
      }),
    };
  }
  if (parsed.data.fromLocationId === parsed.data.toLocationId) {
    return { ok: false, errors: { toLocationId: TRANSFER_MESSAGES.sameLocation } };
  }
  return { ok: true, output: parsed.data };
}

export const SEND_TRANSFER_FIELDS = ['carrier', 'trackingNumber', 'bagLabel', 'expectedBackOn'] as const;
export type TSendTransferField = (typeof SEND_TRANSFER_FIELDS)[number];
export type TSendTransferValues = Readonly<Record<TSendTransferField, string>>;

/** Sending: a carrier always; for an outside vendor, the day the pieces are due back too. */
export function parseSendTransferForm(
  values: TSendTransferValues,
  toLocationKind: TLocationKind,
): TFormParseResult<TSendTransferField, TSendTransferInput> {
  const parsed = ZSendTransferInputSchema.safeParse({
    carrier: values.carrier,
    trackingNumber: values.trackingNumber,
    bagLabel: values.bagLabel.trim() || undefined,
    expectedBackOn: values.expectedBackOn || undefined,
  });
  if (!parsed.success) {
    return { ok: false, errors: formErrorsFromZod(parsed.error, SEND_TRANSFER_FIELDS, {}) };
  }
  if (toLocationKind === 'vendor' && !parsed.data.expectedBackOn) {
    return { ok: false, errors: { expectedBackOn: TRANSFER_MESSAGES.vendorNeedsDate } };
  }
  return { ok: true, output: parsed.data };
}
