import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../api/integers';
import { ZUpdateDepartmentInputSchema } from './departments';
import {
  createStation,
  findStationByName,
  newStationId,
  STATION_REGISTRY_EVENTS,
  ZCreateStationInputSchema,
  ZStationSchema,
  ZUpdateStationInputSchema,
} from './stations';

const NOW = new Date(1_714_560_123_456); // epoch ms ending in 123456

describe('station registry events', () => {
  it('names the three station events of spec §4', () => {
    expect(STATION_REGISTRY_EVENTS).toEqual(['station:added', 'station:updated', 'station:deleted']);
  });
});

describe('newStationId', () => {
  it('is STATION plus the last six digits of the time', () => {
    expect(newStationId(NOW, [])).toBe('STATION123456');
  });

  it('zero-pads the last six digits', () => {
    expect(newStationId(new Date(1_714_560_000_042), [])).toBe('STATION000042');
  });

  it('bumps past ids already taken', () => {
    expect(newStationId(NOW, ['STATION123456', 'STATION123457'])).toBe('STATION123458');
  });

  it('wraps around at 999999 instead of growing a seventh digit', () => {
    expect(newStationId(new Date(1_714_560_999_999), ['STATION999999'])).toBe('STATION000000');
  });

  it('throws rather than loop forever when every six-digit id is taken', () => {
    const all = Array.from({ length: 1_000_000 }, (_, n) => `STATION${String(n).padStart(6, '0')}`);
    expect(() => newStationId(NOW, all)).toThrow('Every station id is taken');
  });

  it('never collides and always has the spec format', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        fc.array(fc.integer({ min: 0, max: 999_999 }), { maxLength: 20 }),
        (now, taken) => {
          const existing = taken.map((n) => `STATION${String(n).padStart(6, '0')}`);
          const id = newStationId(now, existing);
          expect(id).toMatch(/^STATION\d{6}$/);
          expect(existing).not.toContain(id);
        },
      ),
    );
  });
});

describe('ZStationSchema', () => {
  it('applies the spec §3 defaults: antenna 1, active', () => {
    expect(ZStationSchema.parse({ id: 'STATION123456', name: 'Bench 1' })).toEqual({
      id: 'STATION123456',
      name: 'Bench 1',
      lastSeen: null,
      antennaNumber: 1,
      isActive: true,
      signalStrength: null,
      jewelerName: null,
      specialization: null,
      status: null,
      itemCount: 0,
      role: 'work',
    });
  });

  it.each([
    ['an id without six digits', { id: 'STATION12345' }],
    ['an id of another kind', { id: 'DEPT001' }],
    ['a blank name', { name: '   ' }],
    ['antenna 0', { antennaNumber: 0 }],
    ['a negative item count', { itemCount: -1 }],
  ])('rejects %s', (_label, overrides) => {
    expect(ZStationSchema.safeParse({ id: 'STATION123456', name: 'Bench 1', ...overrides }).success).toBe(
      false,
    );
  });
});

describe('createStation', () => {
  it('gives a new station a free id and the defaults', () => {
    const input = ZCreateStationInputSchema.parse({ name: 'Bench 3', jewelerName: 'Ana' });
    const station = createStation(input, NOW, ['STATION123456']);
    expect(station).toMatchObject({
      id: 'STATION123457',
      name: 'Bench 3',
      jewelerName: 'Ana',
      antennaNumber: 1,
    });
    expect(ZStationSchema.parse(station)).toEqual(station);
  });
});

describe('findStationByName', () => {
  const stations = [{ name: 'Bench 1' }, { name: 'Polishing Wheel' }];

  it.each([
    ['Bench 1', 'Bench 1'],
    ['bench 1', 'Bench 1'],
    ['POLISHING WHEEL', 'Polishing Wheel'],
    ['Bench', undefined],
    [' Bench 1', undefined],
  ])('finds %j case-insensitively: %s', (name, expected) => {
    expect(findStationByName(stations, name)?.name).toBe(expected);
  });
});

describe('numbers stored in integer columns (issue 20 §1)', () => {
  it.each([
    ['a station position', (value: number) => ZUpdateStationInputSchema.safeParse({ position: value })],
    ['a department position', (value: number) => ZUpdateDepartmentInputSchema.safeParse({ position: value })],
    ['a signal strength', (value: number) => ZUpdateStationInputSchema.safeParse({ signalStrength: value })],
  ])('accepts %s up to 2^31 − 1 and refuses more', (_name, parse) => {
    expect(parse(INT32_MAX).success).toBe(true);
    expect(parse(INT32_MAX + 1).success).toBe(false);
    expect(parse(Number.MAX_SAFE_INTEGER).success).toBe(false);
  });

  it('refuses a signal strength below what the column holds', () => {
    expect(ZUpdateStationInputSchema.safeParse({ signalStrength: -45.5 }).success).toBe(true);
    expect(ZUpdateStationInputSchema.safeParse({ signalStrength: -1e12 }).success).toBe(false);
  });
});
