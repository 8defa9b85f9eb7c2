import { describe, expect, it } from 'vitest';
import { makeTransfer } from '../transfer-fixtures';
import { homeLocationOf } from './home-location';
import { wrongLocationText } from './ready-for-pickup';
import { carrierText, countsText } from './transfer-summary';

describe('a bag in a line', () => {
  it('names its carrier and tracking number, or says it has not left', () => {
    expect(carrierText(makeTransfer())).toBe('FedEx · 7712 3456');
    expect(carrierText(makeTransfer({ trackingNumber: '' }))).toBe('FedEx');
    expect(carrierText(makeTransfer({ status: 'packing', carrier: '', trackingNumber: '' }))).toBe(
      'Not sent yet',
    );
  });

  it('counts what arrived, and what is missing or extra only when there is some', () => {
    expect(countsText({ expected: 3, received: 1, missing: 0, extra: 0 })).toBe('1/3 received');
    expect(countsText({ expected: 3, received: 2, missing: 1, extra: 1 })).toBe(
      '2/3 received · 1 missing · 1 extra',
    );
  });
});

describe('where a ready job is', () => {
  it('says where a job ready elsewhere must travel from', () => {
    const job = {
      itemKind: 'order' as const,
      itemId: '7a3c1f0e-1111-4222-8333-944455556601',
      itemNumber: 'ORD-00001',
      customerName: 'Ada',
      atWrongLocation: true,
    };
    expect(
      wrongLocationText({ ...job, currentLocationId: 'LOC001', currentLocationName: 'Main workshop' }),
    ).toBe('At Main workshop — must travel here');
    expect(wrongLocationText({ ...job, currentLocationId: null, currentLocationName: null })).toBe(
      'At an unknown location — must travel here',
    );
  });
});

describe('the home location', () => {
  it('is the profile’s homeLocationId when it has one', () => {
    expect(homeLocationOf({ id: 'u1', homeLocationId: 'LOC002' })).toBe('LOC002');
    expect(homeLocationOf({ id: 'u1', homeLocationId: null })).toBeUndefined();
    expect(homeLocationOf({ id: 'u1' })).toBeUndefined();
    expect(homeLocationOf(null)).toBeUndefined();
  });
});
