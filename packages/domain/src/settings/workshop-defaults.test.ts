import { describe, expect, it } from 'vitest';
import { OFFSITE_DEFAULTS } from './general-settings';
import { ORDER_SETTINGS_DEFAULTS } from './order-settings';
import { WORKSHOP_DEFAULTS, workshopDefaultsOf, ZWorkshopDefaultsSchema } from './workshop-defaults';

describe('workshop defaults', () => {
  it('carries the numbering, lead times and offsite timings, and nothing else of the two sections', () => {
    const general = {
      ...OFFSITE_DEFAULTS,
      offsiteTimeout: 45,
      companyName: 'Atelier Nord',
      logoUrl: '/l.svg',
    };
    const orders = { ...ORDER_SETTINGS_DEFAULTS, orderNumberPrefix: 'JB' };
    expect(workshopDefaultsOf(orders, general)).toEqual({
      ...ORDER_SETTINGS_DEFAULTS,
      orderNumberPrefix: 'JB',
      ...OFFSITE_DEFAULTS,
      offsiteTimeout: 45,
    });
  });

  it('parses to the spec defaults when nothing was saved', () => {
    expect(ZWorkshopDefaultsSchema.parse({})).toEqual({ ...ORDER_SETTINGS_DEFAULTS, ...OFFSITE_DEFAULTS });
    expect(WORKSHOP_DEFAULTS).toEqual(ZWorkshopDefaultsSchema.parse({}));
  });
});
