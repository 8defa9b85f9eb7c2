import { describe, expect, it } from 'vitest';
import { ZEpcisEventQuerySchema, ZEpcisExportQuerySchema } from './epcis';
import {
  bareBizStep,
  epcHexOf,
  epcisEventOf,
  epcisUris,
  epcisVocabularyOf,
  epcUriOf,
  matchesEpcisQuery,
  type TEpcisSourceRow,
} from './epcis-events';

const uris = epcisUris('https://loupe.example/');
const row = (overrides: Partial<TEpcisSourceRow>): TEpcisSourceRow => ({
  source: 'change',
  id: 7,
  at: new Date('2026-11-28T10:00:00.000Z'),
  kind: 'order',
  itemId: '00000000-0000-4000-8000-000000000001',
  number: 'ORD-00042',
  epc: 'E28011600000000000000001',
  action: null,
  changes: null,
  stationId: 'STATION1',
  departmentId: 'DEPT1',
  ...overrides,
});
const change = (
  action: string,
  changes: TEpcisSourceRow['changes'] = {},
  kind: 'order' | 'repair' = 'order',
) => epcisVocabularyOf(row({ action, changes, kind }));

describe('the EPCIS mapping of Loupe’s history', () => {
  it.each([
    ['an arrival', epcisVocabularyOf(row({ source: 'move' })), 'OBSERVE', 'arriving', 'in_progress'],
    ['a tag assigned', change('epc-assigned'), 'ADD', 'commissioning', 'active'],
    ['a tag removed', change('tracking-stopped'), 'DELETE', 'decommissioning', 'inactive'],
    ['an offsite detection', change('offsite-detected'), 'OBSERVE', 'departing', 'in_transit'],
    ['a return', change('returned-from-offsite'), 'OBSERVE', 'receiving', 'in_progress'],
    [
      'the QA phase',
      change('phase-changed', { phase: { to: 'Quality check' } }),
      'OBSERVE',
      'inspecting',
      'in_progress',
    ],
    [
      'an order’s work phase',
      change('phase-changed', { phase: { to: 'Casting' } }),
      'OBSERVE',
      'assembling',
      'in_progress',
    ],
    [
      'a repair’s work phase',
      change('phase-changed', { phase: { to: 'Bench work' } }, 'repair'),
      'OBSERVE',
      'repairing',
      'in_progress',
    ],
    [
      'ready for pickup',
      change('status-changed', { status: { to: 'ready' } }),
      'OBSERVE',
      'staging_outbound',
      'available',
    ],
    [
      'an order delivered',
      change('status-changed', { status: { to: 'delivered' } }),
      'OBSERVE',
      'retail_selling',
      'retail_sold',
    ],
    [
      'a repair picked up',
      change('status-changed', { status: { to: 'picked_up' } }, 'repair'),
      'OBSERVE',
      'shipping',
      'completeness_verified',
    ],
  ])('maps %s', (_name, vocabulary, action, bizStep, disposition) => {
    expect(vocabulary).toEqual({ action, bizStep, disposition });
  });

  it('makes no event of what means nothing in the CBV, or of a job without a tag', () => {
    expect(change('updated', { price: { to: 1 } })).toBeNull();
    expect(change('status-changed', { status: { to: 'in_production' } })).toBeNull();
    expect(change('phase-changed', { phase: { to: 'Done' } })).toBeNull();
    expect(epcisEventOf(row({ source: 'move', epc: null }), uris)).toBeNull();
  });

  it('names the tag, the station, the department and the job under the server’s address', () => {
    const event = epcisEventOf(row({ action: 'epc-assigned', stationId: 'Bench 1' }), uris);
    expect(event).toMatchObject({
      eventID: 'https://loupe.example/epcis/events/change-7',
      eventTime: '2026-11-28T10:00:00.000Z',
      epcList: ['urn:epc:raw:96.xE28011600000000000000001'],
      readPoint: { id: 'https://loupe.example/epcis/stations/Bench%201' },
      bizLocation: { id: 'https://loupe.example/epcis/departments/DEPT1' },
      ilmd: { 'loupe:jobNumber': 'ORD-00042' },
      'loupe:job': { kind: 'order', number: 'ORD-00042' },
    });
    expect(uris.stationIdOf('https://loupe.example/epcis/stations/Bench%201')).toBe('Bench 1');
    expect(uris.departmentIdOf('https://elsewhere.example/epcis/departments/DEPT1')).toBeNull();
    expect(epcHexOf(epcUriOf('e28011600000000000000001'))).toBe('E28011600000000000000001');
    expect(epcHexOf('urn:epc:raw:64.xE28011600000000000000001')).toBeNull();
    expect(bareBizStep('urn:epcglobal:cbv:bizstep:arriving')).toBe('arriving');
  });

  it('reads the REST binding’s pipe-delimited filters and applies them', () => {
    const query = ZEpcisEventQuerySchema.parse({
      EQ_bizStep: 'arriving|urn:epcglobal:cbv:bizstep:commissioning',
    });
    expect(query).toMatchObject({
      EQ_bizStep: ['arriving', 'urn:epcglobal:cbv:bizstep:commissioning'],
      perPage: 30,
    });
    const event = epcisEventOf(row({ action: 'epc-assigned' }), uris);
    if (!event) throw new Error('no event');
    expect(matchesEpcisQuery(event, query)).toBe(true);
    expect(
      matchesEpcisQuery(event, ZEpcisEventQuerySchema.parse({ LT_eventTime: '2026-11-28T10:00:00Z' })),
    ).toBe(false);
    expect(ZEpcisEventQuerySchema.safeParse({ EQ_colour: 'blue' }).success).toBe(false);
    expect(ZEpcisExportQuerySchema.safeParse({ from: '2026-11-01T00:00:00Z' }).success).toBe(false);
  });
});
