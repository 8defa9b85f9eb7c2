import type { TAntennaMapping, TReader } from '@loupe/domain/registry/readers';
import { describe, expect, it } from 'vitest';
import type { TSimulatorItem } from '../api/get-simulator-items';
import {
  antennaChoices,
  expectedEffect,
  flowItems,
  flowStops,
  parseFlowSettings,
  planFlow,
  summaryText,
  summaryWord,
} from './rfid-simulator-model';

function station(
  readerId: string,
  antenna: number,
  departmentId: string | null,
  stationId: string | null,
): TAntennaMapping {
  return {
    readerId,
    antenna,
    departmentId,
    departmentName: departmentId ? `Dept ${departmentId}` : null,
    stationId,
    stationName: stationId ? `Station ${stationId}` : null,
    isTagAssignment: false,
    updatedAt: '2025-03-01T10:00:00.000Z',
  };
}

function tagAssignment(readerId: string, antenna: number): TAntennaMapping {
  return { ...station(readerId, antenna, null, null), isTagAssignment: true };
}

function reader(id: string, antennas: TAntennaMapping[]): TReader {
  return {
    id,
    name: `Reader ${id}`,
    kind: 'generic',
    apiKeyPrefix: 'lpr_0000',
    status: 'online',
    lastHeartbeat: null,
    antennas,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
  };
}

function item(number: string, status: TSimulatorItem['status'] = 'active'): TSimulatorItem {
  return { kind: 'order', id: number, number, epc: `EPC-${number}`, status, location: null };
}

describe('antennaChoices', () => {
  it('lists antennas 1 to 4 and every mapped one, each with its mapping', () => {
    const choices = antennaChoices(
      reader('r1', [
        station('r1', 6, 'DEPT001', 'S1'),
        tagAssignment('r1', 2),
        station('r1', 3, 'DEPT001', null),
      ]),
    );
    expect(choices.map((choice) => choice.label)).toEqual([
      'Antenna 1 — Not mapped',
      'Antenna 2 — Tag assignment',
      'Antenna 3 — Station deleted: not mapped',
      'Antenna 4 — Not mapped',
      'Antenna 6 — Dept DEPT001 - Station S1',
    ]);
  });
});

describe('flowStops', () => {
  it('visits each mapped station once, in department order, leaving out tag assignment and lost stations', () => {
    const stops = flowStops([
      reader('b', [station('b', 1, 'DEPT010', 'S10'), station('b', 2, 'DEPT002', 'S2')]),
      reader('a', [
        station('a', 4, 'DEPT002', 'S2'),
        station('a', 3, 'DEPT002', 'S3'),
        tagAssignment('a', 1),
        station('a', 2, 'DEPT001', null),
      ]),
    ]);
    expect(stops.map((stop) => `${stop.readerId}/${stop.antenna} ${stop.place}`)).toEqual([
      // DEPT002 before DEPT010 (by sequence); station S2 on two antennas: the first reader/antenna only.
      'a/3 Dept DEPT002 - Station S3',
      'a/4 Dept DEPT002 - Station S2',
      'b/1 Dept DEPT010 - Station S10',
    ]);
  });

  it('finds no stop without station antennas', () => {
    expect(flowStops([reader('a', [tagAssignment('a', 1)])])).toEqual([]);
    expect(flowStops([])).toEqual([]);
  });
});

describe('flowItems and planFlow', () => {
  it('takes items being worked on first, then the others', () => {
    const items = [item('ORD-1', 'offsite'), item('ORD-2'), item('REP-1', 'returned'), item('ORD-3')];
    expect(flowItems(items, 3).map((entry) => entry.number)).toEqual(['ORD-2', 'ORD-3', 'ORD-1']);
    expect(flowItems(items, 0)).toEqual([]);
  });

  it('moves every item to a station before any goes on to the next', () => {
    const stops = flowStops([
      reader('a', [station('a', 1, 'DEPT001', 'S1'), station('a', 2, 'DEPT002', 'S2')]),
    ]);
    const steps = planFlow({ items: [item('ORD-1'), item('ORD-2')], stops });
    expect(steps.map((step) => `${step.item.number}@${step.stop.antenna}`)).toEqual([
      'ORD-1@1',
      'ORD-2@1',
      'ORD-1@2',
      'ORD-2@2',
    ]);
  });
});

describe('expectedEffect', () => {
  it.each([
    [
      undefined,
      item('ORD-1'),
      'This antenna is not mapped: the read is counted as unmapped and moves nothing.',
    ],
    [
      station('a', 1, 'DEPT001', null),
      item('ORD-1'),
      'This antenna is not mapped: the read is counted as unmapped and moves nothing.',
    ],
    [
      tagAssignment('a', 2),
      item('ORD-1'),
      'A tag-assignment antenna: open order and repair screens offer this tag; nothing moves.',
    ],
    [
      station('a', 1, 'DEPT001', 'S1'),
      undefined,
      'No tracked order or repair carries this EPC: the read is only recorded.',
    ],
    [
      station('a', 1, 'DEPT001', 'S1'),
      item('ORD-1'),
      'ORD-1 moves to Dept DEPT001 - Station S1, and its scan toast shows.',
    ],
  ] as const)('%# says what the read should do', (mapping, target, text) => {
    expect(expectedEffect({ mapping, item: target })).toBe(text);
  });
});

describe('summaryText and summaryWord', () => {
  it.each([
    [{ accepted: 1, repeats: 0 }, 'The pipeline accepted the read.', 'accepted'],
    [
      { accepted: 1, repeats: 1 },
      'A repeat of a read within the dedupe window: it only refreshes when the tag was last seen.',
      'repeat, within the dedupe window',
    ],
    [{ accepted: 0, repeats: 0 }, 'The pipeline read nothing in it.', 'nothing read'],
  ])('%j', (summary, text, word) => {
    expect(summaryText(summary)).toBe(text);
    expect(summaryWord(summary)).toBe(word);
  });
});

describe('parseFlowSettings', () => {
  it('takes a whole number of the items there are and a pace within bounds', () => {
    expect(parseFlowSettings({ count: '3', pace: '0.5' }, 4)).toEqual({
      ok: true,
      output: { itemCount: 3, paceSeconds: 0.5 },
    });
  });

  it('says the bounds under each field that is out of them', () => {
    expect(parseFlowSettings({ count: '5', pace: '61' }, 4)).toEqual({
      ok: false,
      errors: { count: 'From 1 to 4', pace: 'From 0.5 to 60 seconds' },
    });
    expect(parseFlowSettings({ count: '1.5', pace: '' }, 4)).toEqual({
      ok: false,
      errors: { count: 'From 1 to 4', pace: 'From 0.5 to 60 seconds' },
    });
  });
});
