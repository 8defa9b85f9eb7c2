import { describe, expect, it } from 'vitest';
import { makeAntennaMapping } from '@/test/rfid-fixtures';
import {
  mappingLabel,
  NOT_MAPPED_LABEL,
  STATION_GONE_LABEL,
  TAG_ASSIGNMENT_LABEL,
} from './antenna-mapping-label';

describe('mappingLabel', () => {
  it('names what an antenna does', () => {
    expect(mappingLabel(undefined)).toBe(NOT_MAPPED_LABEL);
    expect(mappingLabel(makeAntennaMapping({ antenna: 1 }))).toBe('Casting - Bench 1');
    expect(
      mappingLabel(
        makeAntennaMapping({
          antenna: 2,
          isTagAssignment: true,
          departmentId: null,
          departmentName: null,
          stationId: null,
          stationName: null,
        }),
      ),
    ).toBe(TAG_ASSIGNMENT_LABEL);
    expect(mappingLabel(makeAntennaMapping({ antenna: 3, stationId: null, stationName: null }))).toBe(
      STATION_GONE_LABEL,
    );
  });
});
