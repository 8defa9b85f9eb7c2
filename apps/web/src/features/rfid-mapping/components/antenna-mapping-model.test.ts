import { ANTENNA_MESSAGE } from '@loupe/domain/registry/readers';
import { describe, expect, it } from 'vitest';
import { makeAntennaMapping } from '@/test/rfid-fixtures';
import {
  DEPARTMENT_MESSAGE,
  mappingFormValues,
  parseMappingForm,
  STATION_MESSAGE,
  withKnownStation,
} from './antenna-mapping-model';

const DEPARTMENTS = [{ id: 'DEPT001', stations: [{ id: 'STATION000001' }, { id: 'STATION000002' }] }];
const MAPPED = mappingFormValues({ antenna: 1, mapping: makeAntennaMapping({ antenna: 1 }) });

describe('withKnownStation', () => {
  it('shows the stored station once its department lists it, and nothing chosen before', () => {
    expect(withKnownStation(MAPPED, DEPARTMENTS)).toEqual(MAPPED);
    expect(withKnownStation(MAPPED, undefined)).toEqual({ ...MAPPED, departmentId: '', stationId: '' });
  });

  it('leaves a department no longer listed unchosen, and a station its department dropped', () => {
    expect(withKnownStation({ ...MAPPED, departmentId: 'DEPT404' }, DEPARTMENTS)).toMatchObject({
      departmentId: '',
      stationId: '',
    });
    expect(withKnownStation({ ...MAPPED, stationId: 'STATION404' }, DEPARTMENTS)).toMatchObject({
      departmentId: 'DEPT001',
      stationId: '',
    });
  });

  it('keeps a department just chosen while its station is not chosen yet', () => {
    const chosen = { ...MAPPED, stationId: '' };
    expect(withKnownStation(chosen, DEPARTMENTS)).toEqual(chosen);
  });
});

describe('parseMappingForm', () => {
  it('sends a station of a department, or the tag-assignment antenna alone', () => {
    expect(parseMappingForm(MAPPED)).toEqual({
      ok: true,
      output: {
        antenna: 1,
        mapping: { isTagAssignment: false, departmentId: 'DEPT001', stationId: 'STATION000001' },
      },
    });
    expect(parseMappingForm({ ...MAPPED, isTagAssignment: true, departmentId: '' })).toEqual({
      ok: true,
      output: { antenna: 1, mapping: { isTagAssignment: true } },
    });
  });

  it('asks for the antenna number, the department and the station, each under its field', () => {
    expect(mappingFormValues({ antenna: null, mapping: undefined })).toEqual({
      antenna: '',
      isTagAssignment: false,
      departmentId: '',
      stationId: '',
    });
    expect(parseMappingForm(mappingFormValues({ antenna: null, mapping: undefined }))).toEqual({
      ok: false,
      errors: { antenna: ANTENNA_MESSAGE, departmentId: DEPARTMENT_MESSAGE, stationId: STATION_MESSAGE },
    });
    expect(parseMappingForm({ ...MAPPED, antenna: '65', stationId: '' })).toEqual({
      ok: false,
      errors: { antenna: ANTENNA_MESSAGE, stationId: STATION_MESSAGE },
    });
  });
});
