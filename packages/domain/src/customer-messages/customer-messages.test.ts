import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGE_EVENTS,
  DEFAULT_TEMPLATES,
  eventForStatus,
  renderTemplate,
  retryDelayAfter,
  SAMPLE_PLACEHOLDER_VALUES,
  unknownPlaceholders,
  ZCustomerMessageSettingsChangesSchema,
  ZCustomerMessageTemplateSchema,
} from './customer-messages';

describe('renderTemplate', () => {
  it('replaces each placeholder, spaces inside the braces allowed, and leaves other text alone', () => {
    expect(
      renderTemplate(
        'Hi {{customerFirstName}}, {{ jobNumber }} is ready. <b>{{x}}</b>',
        SAMPLE_PLACEHOLDER_VALUES,
      ),
    ).toBe('Hi Ada, ORD-00042 is ready. <b>{{x}}</b>');
  });

  it('never reads a value as a template: a customer named {{shopName}} stays so', () => {
    const values = { ...SAMPLE_PLACEHOLDER_VALUES, customerFirstName: '{{shopName}}' };
    expect(renderTemplate('Hi {{customerFirstName}}', values)).toBe('Hi {{shopName}}');
  });
});

describe('templates', () => {
  it('names the unknown placeholders of a template', () => {
    expect(unknownPlaceholders('{{jobNumber}} {{price}} {{price}} {{notes}}')).toEqual(['price', 'notes']);
  });

  it('refuses a template with an unknown placeholder', () => {
    const result = ZCustomerMessageTemplateSchema.safeParse({
      ...DEFAULT_TEMPLATES.ready,
      sms: 'Pay {{price}}',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown placeholder in the SMS: {{price}}');
  });

  it('ships a valid default for every event', () => {
    for (const event of CUSTOMER_MESSAGE_EVENTS) {
      expect(ZCustomerMessageTemplateSchema.parse(DEFAULT_TEMPLATES[event])).toEqual(
        DEFAULT_TEMPLATES[event],
      );
    }
  });

  it('takes an SMS sender in international form or as an alphanumeric name', () => {
    const parse = (fromNumber: string) =>
      ZCustomerMessageSettingsChangesSchema.safeParse({ sms: { fromNumber } }).success;
    expect(parse('+15550102030')).toBe(true);
    expect(parse('Atelier')).toBe(true);
    expect(parse('555-0102')).toBe(false);
  });
});

describe('eventForStatus', () => {
  it.each([
    ['order', 'in_production', 'in_progress'],
    ['order', 'ready', 'ready'],
    ['order', 'in_design', null],
    ['repair', 'in_progress', 'in_progress'],
    ['repair', 'ready', 'ready'],
    ['repair', 'picked_up', null],
  ] as const)('a %s moved to %s announces %s', (kind, status, event) => {
    expect(eventForStatus({ kind, status } as never)).toBe(event);
  });
});

describe('retryDelayAfter', () => {
  it('waits a minute after the first failure, doubling, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 20].map(retryDelayAfter)).toEqual([
      60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000,
    ]);
  });
});
