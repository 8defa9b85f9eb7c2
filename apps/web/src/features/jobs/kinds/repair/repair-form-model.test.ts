import { DATE_RANGE_MESSAGE } from '@loupe/domain/api/dates';
import { describe, expect, it } from 'vitest';
import { makeRepair } from './repair-fixtures';
import {
  emptyRepairForm,
  parseNewRepairForm,
  parseRepairChanges,
  REPAIR_FORM_MESSAGES,
  repairStatusChoices,
  repairToFormValues,
} from './repair-form-model';

const CUSTOMER = { id: '11111111-1111-4111-8111-111111111111', label: 'Ana Silva' };

describe('parseNewRepairForm', () => {
  it('asks for a customer, the item and at least one repair type, with the domain messages', () => {
    expect(parseNewRepairForm(emptyRepairForm())).toEqual({
      ok: false,
      errors: {
        customer: 'Choose a customer',
        itemDescription: 'Describe the item',
        repairTypes: 'Choose at least one repair type',
      },
    });
  });

  it('refuses an unreadable amount or date', () => {
    const values = {
      ...emptyRepairForm('2025-02-30'),
      customer: CUSTOMER,
      itemDescription: 'Ring',
      repairTypes: ['sizing' as const],
      estimate: '80 dollars',
    };
    expect(parseNewRepairForm(values)).toEqual({
      ok: false,
      errors: { promisedDate: REPAIR_FORM_MESSAGES.date, estimate: REPAIR_FORM_MESSAGES.amount },
    });
  });

  it.each(['1999-12-31', '2101-01-01'])('refuses the promised date %s with the range it takes', (date) => {
    const values = {
      ...emptyRepairForm(date),
      customer: CUSTOMER,
      itemDescription: 'Ring',
      repairTypes: ['sizing' as const],
    };
    expect(parseNewRepairForm(values)).toEqual({
      ok: false,
      errors: { promisedDate: DATE_RANGE_MESSAGE },
    });
  });

  it('gives cents and the chosen types', () => {
    const values = {
      ...emptyRepairForm('2025-06-25'),
      customer: CUSTOMER,
      itemDescription: ' Ring ',
      repairTypes: ['sizing' as const, 'polishing' as const],
      declaredValue: '1,500',
      estimate: '80',
      isRush: true,
    };
    expect(parseNewRepairForm(values)).toEqual({
      ok: true,
      output: {
        customerId: CUSTOMER.id,
        itemDescription: 'Ring',
        repairTypes: ['sizing', 'polishing'],
        conditionNotes: '',
        declaredValueCents: 150_000,
        estimateCents: 8_000,
        promisedDate: '2025-06-25',
        isRush: true,
      },
    });
  });
});

describe('parseRepairChanges', () => {
  it('gives only what changed, comparing the repair types by content', () => {
    const repair = makeRepair({ repairTypes: ['sizing', 'polishing'], estimateCents: 8_000 });
    expect(parseRepairChanges(repairToFormValues(repair), repair)).toEqual({ ok: true, output: {} });
    expect(
      parseRepairChanges({ ...repairToFormValues(repair), repairTypes: ['sizing'], estimate: '95' }, repair),
    ).toEqual({ ok: true, output: { repairTypes: ['sizing'], estimateCents: 9_500 } });
  });

  it('still requires a repair type when editing', () => {
    const repair = makeRepair();
    expect(parseRepairChanges({ ...repairToFormValues(repair), repairTypes: [] }, repair)).toEqual({
      ok: false,
      errors: { repairTypes: 'Choose at least one repair type' },
    });
  });
});

describe('repairStatusChoices', () => {
  it('offers the current status and the ones that may follow it', () => {
    expect(repairStatusChoices('received')).toEqual([
      'received',
      'awaiting_approval',
      'in_progress',
      'cancelled',
    ]);
    expect(repairStatusChoices('picked_up')).toEqual(['picked_up']);
  });
});
