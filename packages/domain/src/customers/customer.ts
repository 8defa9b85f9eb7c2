import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** How a customer agreed to be contacted about their piece. */
export const CONTACT_CHANNELS = ['email', 'phone', 'sms'] as const;
export const ZContactChannelSchema = lazySchema(() => z.enum(CONTACT_CHANNELS));
export type TContactChannel = z.infer<typeof ZContactChannelSchema>;

// Phone numbers are kept as typed; at least 7 digits, at most 20, with the usual punctuation.
const ZPhoneSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{7,25}$/, 'Enter a phone number, e.g. +1 555 010 2030'),
);

export const ZCustomerSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    contactPreferences: z.array(ZContactChannelSchema),
    notes: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TCustomer = z.infer<typeof ZCustomerSchema>;

const customerFields = {
  name: lazySchema(() => z.string().trim().min(1, 'Name is required').max(200)),
  phone: lazySchema(() => ZPhoneSchema.nullish()),
  // Trimmed before the check: z.email().trim() would refuse ' ada@example.com ' before trimming it.
  email: lazySchema(() =>
    z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')).nullish(),
  ),
  contactPreferences: lazySchema(() =>
    z.array(ZContactChannelSchema).max(CONTACT_CHANNELS.length).optional(),
  ),
  notes: lazySchema(() => z.string().max(2000).optional()),
};

/**
 * A customer needs a way to be reached: a phone or an e-mail. A preferred channel must be one that can
 * be used: e-mail needs an address, phone and SMS a number.
 */
function checkReachable(
  value: { phone?: string | null; email?: string | null; contactPreferences?: readonly TContactChannel[] },
  ctx: z.RefinementCtx,
) {
  for (const channel of value.contactPreferences ?? []) {
    if (channel === 'email' && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'E-mail contact needs an e-mail address' });
    }
    if ((channel === 'phone' || channel === 'sms') && !value.phone) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: `${channel === 'sms' ? 'SMS' : 'Phone'} contact needs a phone number`,
      });
    }
  }
}

export const ZCreateCustomerInputSchema = lazySchema(() =>
  z.object(customerFields).superRefine((value, ctx) => {
    if (!value.phone && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Give a phone number or an e-mail address' });
    }
    checkReachable(value, ctx);
  }),
);
export type TCreateCustomerInput = z.output<typeof ZCreateCustomerInputSchema>;

/** A change; the merged result is checked again with `ZCreateCustomerInputSchema` by the server. */
export const ZUpdateCustomerInputSchema = lazySchema(() => z.object(customerFields).partial());
export type TUpdateCustomerInput = z.output<typeof ZUpdateCustomerInputSchema>;

/** What the search matches: name, e-mail and the phone's digits, lower-cased. */
export function customerSearchText(customer: {
  name: string;
  phone?: string | null;
  email?: string | null;
}): string {
  const digits = (customer.phone ?? '').replace(/\D/g, '');
  return [customer.name, customer.email ?? '', digits].join(' ').toLowerCase();
}

/**
 * The fragments a search `q` looks for in `customerSearchText`: the text itself, lower-cased, and — when
 * it looks like a phone number ('555-0102', '(555) 010') — its digits, since the search text keeps digits only.
 */
export function customerSearchTerms(q: string): string[] {
  const text = q.trim().toLowerCase();
  if (text === '') return [];
  const digits = text.replace(/\D/g, '');
  const phoneLike = /^\+?[\d\s().-]+$/.test(text) && digits !== '' && digits !== text;
  return phoneLike ? [text, digits] : [text];
}
