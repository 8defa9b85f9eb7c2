import { TRANSFER_MESSAGES } from '@loupe/domain/transfers/transfers';
import { describe, expect, it } from 'vitest';
import { parseNewTransferForm, parseSendTransferForm } from './transfer-form-models';

const JOB = { itemKind: 'order', itemId: '7a3c1f0e-1111-4222-8333-944455556666' } as const;

describe('the new bag form', () => {
  it('sends the two locations, the envelopes and a trimmed label', () => {
    expect(
      parseNewTransferForm({
        fromLocationId: 'LOC001',
        toLocationId: 'LOC002',
        bagLabel: ' Blue ',
        items: [JOB],
      }),
    ).toEqual({
      ok: true,
      output: { fromLocationId: 'LOC001', toLocationId: 'LOC002', bagLabel: 'Blue', items: [JOB] },
    });
  });

  it('asks for a destination, and a different one', () => {
    expect(
      parseNewTransferForm({ fromLocationId: 'LOC001', toLocationId: '', bagLabel: '', items: [] }),
    ).toEqual({ ok: false, errors: { toLocationId: 'Choose where the bag goes' } });
    expect(
      parseNewTransferForm({ fromLocationId: 'LOC001', toLocationId: 'LOC001', bagLabel: '', items: [] }),
    ).toEqual({ ok: false, errors: { toLocationId: TRANSFER_MESSAGES.sameLocation } });
  });
});

describe('the send form', () => {
  const values = { carrier: 'FedEx', trackingNumber: ' 7712 ', bagLabel: '', expectedBackOn: '' };

  it('needs a carrier', () => {
    const result = parseSendTransferForm({ ...values, carrier: ' ' }, 'store');
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.errors.carrier).toMatch(/carrier/);
  });

  it('sends to a store without a date', () => {
    expect(parseSendTransferForm(values, 'store')).toEqual({
      ok: true,
      output: { carrier: 'FedEx', trackingNumber: '7712' },
    });
  });

  it('needs the day a vendor sends the pieces back', () => {
    expect(parseSendTransferForm(values, 'vendor')).toEqual({
      ok: false,
      errors: { expectedBackOn: TRANSFER_MESSAGES.vendorNeedsDate },
    });
    expect(parseSendTransferForm({ ...values, expectedBackOn: '2026-12-24' }, 'vendor')).toEqual({
      ok: true,
      output: { carrier: 'FedEx', trackingNumber: '7712', expectedBackOn: '2026-12-24' },
    });
  });
});
