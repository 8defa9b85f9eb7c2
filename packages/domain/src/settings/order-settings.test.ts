import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PREFIX } from '../orders/order';
import { REPAIR_NUMBER_PREFIX } from '../repairs/repair';
import {
  addWorkingDays,
  applyOrderSettingsChanges,
  defaultPromisedDate,
  ORDER_SETTINGS_DEFAULTS,
  ZOrderSettingsChangesSchema,
  ZOrderSettingsSchema,
} from './order-settings';

describe('order settings', () => {
  it('default to the order and repair number prefixes and the lead times', () => {
    expect(ORDER_SETTINGS_DEFAULTS).toEqual({
      orderNumberPrefix: ORDER_NUMBER_PREFIX,
      repairNumberPrefix: REPAIR_NUMBER_PREFIX,
      defaultLeadTimeDays: 21,
      rushLeadTimeDays: 7,
      repairLeadTimeDays: 10,
    });
  });

  it('fill every missing field with its default', () => {
    expect(ZOrderSettingsSchema.parse({})).toEqual(ORDER_SETTINGS_DEFAULTS);
    expect(ZOrderSettingsSchema.parse({ rushLeadTimeDays: 3 })).toEqual({
      ...ORDER_SETTINGS_DEFAULTS,
      rushLeadTimeDays: 3,
    });
  });

  it.each([
    ['orderNumberPrefix', 'ord'],
    ['repairNumberPrefix', '9REP'],
    ['defaultLeadTimeDays', 0],
    ['rushLeadTimeDays', 366],
    ['repairLeadTimeDays', 'ten'],
  ])(
    'replace a stored %s of %j that no longer parses by its default, field by field (spec §5)',
    (field, value) => {
      expect(
        ZOrderSettingsSchema.parse({
          [field]: value,
          defaultLeadTimeDays: field === 'defaultLeadTimeDays' ? value : 30,
        }),
      ).toEqual({
        ...ORDER_SETTINGS_DEFAULTS,
        defaultLeadTimeDays:
          field === 'defaultLeadTimeDays' ? ORDER_SETTINGS_DEFAULTS.defaultLeadTimeDays : 30,
      });
    },
  );
});

describe('ZOrderSettingsChangesSchema', () => {
  it('takes any subset of the fields, trimming prefixes', () => {
    expect(ZOrderSettingsChangesSchema.parse({})).toEqual({});
    expect(ZOrderSettingsChangesSchema.parse({ orderNumberPrefix: ' JOB ' })).toEqual({
      orderNumberPrefix: 'JOB',
    });
  });

  it.each(['A', 'ORD2', 'ABCDEFGH'])('accepts the prefix %s', (prefix) => {
    expect(ZOrderSettingsChangesSchema.safeParse({ orderNumberPrefix: prefix }).success).toBe(true);
  });

  it.each([
    ['orderNumberPrefix', 'ord'],
    ['orderNumberPrefix', 'ABCDEFGHI'],
    ['repairNumberPrefix', '1REP'],
    ['repairNumberPrefix', 'RE-P'],
    ['defaultLeadTimeDays', 0],
    ['rushLeadTimeDays', 1.5],
    ['repairLeadTimeDays', 366],
  ])('refuses %s = %j instead of silently replacing it', (field, value) => {
    expect(ZOrderSettingsChangesSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it('says what a prefix must look like', () => {
    const result = ZOrderSettingsChangesSchema.safeParse({ orderNumberPrefix: 'x' });
    expect(result.error?.issues[0]?.message).toBe(
      'Use 1–8 capital letters or digits, starting with a letter',
    );
  });
});

describe('number prefixes that cannot collide (issue 20 §6)', () => {
  const COLLISION = (kind: 'Orders' | 'Repairs', prefix: string, other: 'orders' | 'repairs') =>
    `${kind} are numbered ${prefix}-…: give ${other} a different prefix, so an order and a repair never share a number`;

  it('refuses one change giving both kinds the same prefix, on the repair prefix', () => {
    expect(
      applyOrderSettingsChanges(ORDER_SETTINGS_DEFAULTS, {
        orderNumberPrefix: 'JOB',
        repairNumberPrefix: 'JOB',
      }),
    ).toEqual({
      ok: false,
      issues: [{ field: 'repairNumberPrefix', message: COLLISION('Orders', 'JOB', 'repairs') }],
    });
    expect(
      applyOrderSettingsChanges(ORDER_SETTINGS_DEFAULTS, {
        orderNumberPrefix: 'JOB',
        repairNumberPrefix: 'JO',
      }).ok,
    ).toBe(true);
  });

  it('checks a change of one prefix against the stored other one', () => {
    expect(applyOrderSettingsChanges(ORDER_SETTINGS_DEFAULTS, { orderNumberPrefix: 'REP' })).toEqual({
      ok: false,
      issues: [{ field: 'orderNumberPrefix', message: COLLISION('Repairs', 'REP', 'orders') }],
    });
    expect(applyOrderSettingsChanges(ORDER_SETTINGS_DEFAULTS, { repairNumberPrefix: 'ORD' })).toEqual({
      ok: false,
      issues: [{ field: 'repairNumberPrefix', message: COLLISION('Orders', 'ORD', 'repairs') }],
    });
  });

  it('applies a change that keeps the prefixes apart, fields left out keeping their value', () => {
    expect(
      applyOrderSettingsChanges(ORDER_SETTINGS_DEFAULTS, {
        orderNumberPrefix: 'REP',
        repairNumberPrefix: 'FIX',
        rushLeadTimeDays: undefined,
      }),
    ).toEqual({
      ok: true,
      value: { ...ORDER_SETTINGS_DEFAULTS, orderNumberPrefix: 'REP', repairNumberPrefix: 'FIX' },
    });
  });
});

describe('defaultPromisedDate', () => {
  const settings = ZOrderSettingsSchema.parse({
    defaultLeadTimeDays: 21,
    rushLeadTimeDays: 7,
    repairLeadTimeDays: 10,
  });
  const today = new Date('2025-02-20T15:30:00.000Z');

  it.each([
    ['order', '2025-03-13'],
    ['rush-order', '2025-02-27'],
    ['repair', '2025-03-02'],
  ] as const)('promises a new %s its lead time after today: %s', (kind, expected) => {
    expect(defaultPromisedDate(settings, kind, today)).toBe(expected);
  });

  it('counts calendar days in UTC, across a year end', () => {
    expect(defaultPromisedDate(settings, 'rush-order', new Date('2025-12-30T23:59:59.000Z'))).toBe(
      '2026-01-06',
    );
  });
});

describe('defaultPromisedDate with transit (issue 39 §2)', () => {
  const settings = ZOrderSettingsSchema.parse({ defaultLeadTimeDays: 21, repairLeadTimeDays: 10 });
  // 2025-03-02 is a Sunday: the repair's lead time ends on it.
  const today = new Date('2025-02-20T15:30:00.000Z');

  it('adds nothing when the job is taken in at the workshop', () => {
    expect(defaultPromisedDate(settings, 'repair', today, { transitWorkingDays: 0 })).toBe('2025-03-02');
  });

  it('adds the trip there and back in working days, skipping the weekend', () => {
    // 2 × 2 transit days: Mon 3, Tue 4, Wed 5, Thu 6.
    expect(defaultPromisedDate(settings, 'repair', today, { transitWorkingDays: 4 })).toBe('2025-03-06');
    // 2 × 3: into the next week, past Saturday and Sunday.
    expect(defaultPromisedDate(settings, 'repair', today, { transitWorkingDays: 6 })).toBe('2025-03-10');
  });

  it("counts the workshop calendar's open days and skips its closed dates", () => {
    const workingDays = { openDays: [1, 2, 3, 4, 5, 6], closedDates: ['2025-03-04'] };
    // Mon 3, (Tue 4 closed), Wed 5, Thu 6, Fri 7.
    expect(defaultPromisedDate(settings, 'repair', today, { transitWorkingDays: 4, workingDays })).toBe(
      '2025-03-07',
    );
  });
});

describe('addWorkingDays', () => {
  it('counts calendar days when a calendar has no open day, rather than never ending', () => {
    expect(addWorkingDays('2025-03-01', 3, { openDays: [], closedDates: [] })).toBe('2025-03-04');
  });
});
