import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import { describe, expect, it } from 'vitest';
import {
  mappingLabel,
  NOT_MAPPED_LABEL,
  STATION_GONE_LABEL,
  TAG_ASSIGNMENT_LABEL,
} from './antenna-mapping-label';

function mapping(overrides: Partial<TAntennaMapping> & Pick<TAntennaMapping, 'antenna'>): TAntennaMapping {
  return {
    readerId: 'dock-1',
    departmentId: 'DEPT001',
    departmentName: 'Casting',
    stationId: 'STATION000001',
    stationName: 'Bench 1',
    isTagAssignment: false,
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('mappingLabel', () => {
  it('names what an antenna does', () => {
    expect(mappingLabel(undefined)).toBe(NOT_MAPPED_LABEL);
    expect(mappingLabel(mapping({ antenna: 1 }))).toBe('Casting - Bench 1');
    expect(
      mappingLabel(
        mapping({
          antenna: 2,
          isTagAssignment: true,
          departmentId: null,
          departmentName: null,
          stationId: null,
          stationName: null,
        }),
      ),
    ).toBe(TAG_ASSIGNMENT_LABEL);
    expect(mappingLabel(mapping({ antenna: 3, stationId: null, stationName: null }))).toBe(
      STATION_GONE_LABEL,
    );
  });
});
