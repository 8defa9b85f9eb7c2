import { describe, expect, it } from 'vitest';
import {
  customerSearchTerms,
  customerSearchText,
  ZCreateCustomerInputSchema,
  ZCustomerSchema,
  ZUpdateCustomerInputSchema,
} from './customer';

const messagesOf = (input: unknown) => {
  const parsed = ZCreateCustomerInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('a new customer', () => {
  it('is trimmed, with the e-mail lower-cased', () => {
    expect(ZCreateCustomerInputSchema.parse({ name: '  Ada  ', email: ' ADA@Example.com ' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('needs a phone number or an e-mail address', () => {
    expect(messagesOf({ name: 'Ada' })).toEqual([['phone', 'Give a phone number or an e-mail address']]);
    expect(messagesOf({ name: 'Ada', phone: null, email: null })).toHaveLength(1);
    expect(messagesOf({ name: 'Ada', phone: '+1 (555) 010-2030' })).toEqual([]);
  });

  it.each([
    [['email'], { phone: '555 010 2030' }, [['email', 'E-mail contact needs an e-mail address']]],
    [['phone'], { email: 'a@b.co' }, [['phone', 'Phone contact needs a phone number']]],
    [['sms'], { email: 'a@b.co' }, [['phone', 'SMS contact needs a phone number']]],
    [['email', 'sms'], { email: 'a@b.co', phone: '555 010 2030' }, []],
  ] as const)(
    'checks that the preferred channels %j can be used',
    (contactPreferences, contact, messages) => {
      expect(messagesOf({ name: 'Ada', contactPreferences, ...contact })).toEqual(messages);
    },
  );

  it.each(['call me', '123', '+1 555 010 2030 ext 5'])('refuses the phone number %j', (phone) => {
    expect(messagesOf({ name: 'Ada', phone })).toContainEqual([
      'phone',
      'Enter a phone number, e.g. +1 555 010 2030',
    ]);
  });

  it('refuses an empty name and an invalid e-mail', () => {
    expect(messagesOf({ name: ' ', email: 'not-an-email' })).toEqual(
      expect.arrayContaining([
        ['name', 'Name is required'],
        ['email', 'Enter a valid e-mail address'],
      ]),
    );
  });

  it('is changed field by field', () => {
    expect(ZUpdateCustomerInputSchema.parse({ notes: 'VIP' })).toEqual({ notes: 'VIP' });
    expect(ZUpdateCustomerInputSchema.parse({ phone: null })).toEqual({ phone: null });
  });

  it('is answered with every field', () => {
    const customer = {
      id: 'c1',
      name: 'Ada',
      phone: null,
      email: 'ada@example.com',
      contactPreferences: ['email'],
      notes: '',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    expect(ZCustomerSchema.parse(customer)).toEqual(customer);
  });
});

describe('customer search', () => {
  it('keeps the name, the e-mail and the phone’s digits, lower-cased', () => {
    expect(
      customerSearchText({ name: 'Ada LOVELACE', email: 'Ada@Example.com', phone: '+44 (20) 7946-0958' }),
    ).toBe('ada lovelace ada@example.com 442079460958');
    expect(customerSearchText({ name: 'Ada' })).toBe('ada  ');
  });

  it.each([
    ['  Lovelace ', ['lovelace']],
    ['7946-0958', ['7946-0958', '79460958']],
    ['(20) 7946', ['(20) 7946', '207946']],
    ['+44', ['+44', '44']],
    ['79460958', ['79460958']],
    ['room 12', ['room 12']],
    ['   ', []],
  ])('looks for %j as %j', (q, terms) => {
    expect(customerSearchTerms(q)).toEqual(terms);
  });

  it('finds a customer by a phone number typed with punctuation', () => {
    const text = customerSearchText({ name: 'Ada', phone: '+44 20 7946 0958' });
    expect(customerSearchTerms('7946-0958').some((term) => text.includes(term))).toBe(true);
  });
});
