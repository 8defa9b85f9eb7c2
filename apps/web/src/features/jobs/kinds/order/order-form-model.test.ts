import { DATE_RANGE_MESSAGE } from '@loupe/domain/api/dates';
import { describe, expect, it } from 'vitest';
import { makeOrder } from './order-fixtures';
import {
  emptyOrderForm,
  liveBalanceCents,
  ORDER_FORM_MESSAGES,
  orderStatusChoices,
  orderToFormValues,
  parseNewOrderForm,
  parseOrderChanges,
} from './order-form-model';

const CUSTOMER = { id: '11111111-1111-4111-8111-111111111111', label: 'Ana Silva' };
const STAFF = { includeStaff: false };

describe('parseNewOrderForm', () => {
  it('asks for a customer with the domain message', () => {
    const result = parseNewOrderForm(emptyOrderForm(), STAFF);
    expect(result).toEqual({ ok: false, errors: { customer: 'Choose a customer' } });
  });

  it('refuses a deposit above the price, even with the price left blank', () => {
    expect(
      parseNewOrderForm({ ...emptyOrderForm(), customer: CUSTOMER, price: '100', deposit: '150' }, STAFF),
    ).toEqual({
      ok: false,
      errors: { deposit: 'The deposit cannot be more than the price' },
    });
    expect(parseNewOrderForm({ ...emptyOrderForm(), customer: CUSTOMER, deposit: '1' }, STAFF)).toMatchObject(
      {
        ok: false,
        errors: { deposit: 'The deposit cannot be more than the price' },
      },
    );
  });

  it.each(['2025-02-30', '2025-13-01', '15/06/2025', 'tomorrow'])('refuses the date %s', (promisedDate) => {
    expect(parseNewOrderForm({ ...emptyOrderForm(), customer: CUSTOMER, promisedDate }, STAFF)).toEqual({
      ok: false,
      errors: { promisedDate: ORDER_FORM_MESSAGES.date },
    });
  });

  it.each(['1999-12-31', '2101-01-01'])(
    'refuses the promised date %s with the range it takes',
    (promisedDate) => {
      expect(parseNewOrderForm({ ...emptyOrderForm(), customer: CUSTOMER, promisedDate }, STAFF)).toEqual({
        ok: false,
        errors: { promisedDate: DATE_RANGE_MESSAGE },
      });
    },
  );

  it('refuses text that is not an amount, and amounts beyond the limit', () => {
    const result = parseNewOrderForm(
      { ...emptyOrderForm(), customer: CUSTOMER, price: '12.345', deposit: 'ten' },
      STAFF,
    );
    expect(result).toEqual({
      ok: false,
      errors: { price: ORDER_FORM_MESSAGES.amount, deposit: ORDER_FORM_MESSAGES.amount },
    });
    expect(
      parseNewOrderForm({ ...emptyOrderForm(), customer: CUSTOMER, price: '9999999999' }, STAFF),
    ).toEqual({ ok: false, errors: { price: ORDER_FORM_MESSAGES.amountTooLarge } });
  });

  it('gives cents, leaves blank choices to the server and sends staff only for admins', () => {
    const values = {
      ...emptyOrderForm('2025-07-06'),
      customer: CUSTOMER,
      price: '1,250.5',
      deposit: '250',
      description: '  Halo ring  ',
      salespersonId: '33333333-3333-4333-8333-333333333333',
    };
    expect(parseNewOrderForm(values, STAFF)).toEqual({
      ok: true,
      output: {
        customerId: CUSTOMER.id,
        description: 'Halo ring',
        isRush: false,
        promisedDate: '2025-07-06',
        priceCents: 125_050,
        depositCents: 25_000,
        notes: '',
      },
    });
    const asAdmin = parseNewOrderForm(values, { includeStaff: true });
    expect(asAdmin.ok && asAdmin.output.salespersonId).toBe('33333333-3333-4333-8333-333333333333');
  });
});

describe('parseOrderChanges', () => {
  it('gives only what changed, with a cleared choice as null', () => {
    const order = makeOrder({
      metalType: { id: '44444444-4444-4444-8444-444444444444', name: 'Gold' },
      promisedDate: '2025-07-01',
      priceCents: 100_000,
      depositCents: 25_000,
    });
    const values = {
      ...orderToFormValues(order),
      metalTypeId: '',
      price: '1200',
      status: 'in_design' as const,
    };
    expect(parseOrderChanges(values, order, STAFF)).toEqual({
      ok: true,
      output: { metalTypeId: null, priceCents: 120_000, status: 'in_design' },
    });
    expect(parseOrderChanges(orderToFormValues(order), order, STAFF)).toEqual({ ok: true, output: {} });
  });

  it('judges a lowered price against the deposit already taken', () => {
    const order = makeOrder({ priceCents: 100_000, depositCents: 50_000 });
    expect(parseOrderChanges({ ...orderToFormValues(order), price: '400' }, order, STAFF)).toEqual({
      ok: false,
      errors: { deposit: 'The deposit cannot be more than the price' },
    });
  });
});

describe('orderStatusChoices', () => {
  it('offers the current status and the ones that may follow it', () => {
    expect(orderStatusChoices('new')).toEqual(['new', 'in_design', 'in_production', 'cancelled']);
    expect(orderStatusChoices('ready')).toEqual(['ready', 'quality_check', 'delivered']);
    expect(orderStatusChoices('delivered')).toEqual(['delivered']);
  });
});

describe('liveBalanceCents', () => {
  it('is price less deposit, never negative, and unknown while an amount is unreadable', () => {
    expect(liveBalanceCents({ price: '1250', deposit: '250.50' })).toBe(99_950);
    expect(liveBalanceCents({ price: '', deposit: '' })).toBe(0);
    expect(liveBalanceCents({ price: '10', deposit: '20' })).toBe(0);
    expect(liveBalanceCents({ price: '1x', deposit: '' })).toBeNull();
  });
});
