import { LLRP_MESSAGES, type TLlrpSettings } from '@loupe/domain/registry/llrp';
import { describe, expect, it } from 'vitest';
import {
  antennasForCount,
  emptyLlrpSettingsValues,
  LLRP_ANTENNAS_MISSING,
  llrpSettingsValues,
  NO_SEARCH_MODE,
  parseLlrpEndpoint,
  parseLlrpSettings,
} from './llrp-settings-model';

const SAVED: TLlrpSettings = {
  host: '192.168.1.40',
  port: 5084,
  useTls: false,
  antennas: [
    { antenna: 1, enabled: true, txPowerDbm: 18.5 },
    { antenna: 2, enabled: false, txPowerDbm: 27 },
  ],
  session: 1,
  reportEveryMs: 1000,
};

describe('LLRP settings form model', () => {
  it('gives saved settings back unchanged after a round trip through the form', () => {
    const values = llrpSettingsValues(SAVED);
    expect(values.searchMode).toBe(NO_SEARCH_MODE);
    expect(parseLlrpSettings(values)).toEqual({ ok: true, output: SAVED });
    const impinj = { ...SAVED, searchMode: 'dual-target' as const };
    expect(parseLlrpSettings(llrpSettingsValues(impinj))).toEqual({ ok: true, output: impinj });
  });

  it('lists the antennas a test found, keeping the rows already set and capping power at the reader maximum', () => {
    const kept = { antenna: 2, enabled: false, txPowerDbm: '15' };
    expect(antennasForCount([kept], 3, 25)).toEqual([
      { antenna: 1, enabled: true, txPowerDbm: '25' },
      kept,
      { antenna: 3, enabled: true, txPowerDbm: '25' },
    ]);
    // A reader with no maximum gets the default power; fewer antennas drop the rows beyond them.
    expect(antennasForCount([kept], 1)).toEqual([{ antenna: 1, enabled: true, txPowerDbm: '27' }]);
  });

  it('names the antenna whose power is out of range, and asks for a host and a port', () => {
    const values = {
      ...llrpSettingsValues(SAVED),
      host: 'http://reader/',
      port: '',
      antennas: [
        { antenna: 1, enabled: true, txPowerDbm: '18' },
        { antenna: 2, enabled: true, txPowerDbm: '40' },
      ],
    };
    expect(parseLlrpSettings(values)).toEqual({
      ok: false,
      errors: {
        host: LLRP_MESSAGES.host,
        port: LLRP_MESSAGES.port,
        antennas: `Antenna 2: ${LLRP_MESSAGES.txPower}`,
      },
    });
  });

  it('asks for at least one enabled antenna, and for a test when none is listed yet', () => {
    const off = llrpSettingsValues({ ...SAVED, antennas: [{ antenna: 1, enabled: false, txPowerDbm: 20 }] });
    expect(parseLlrpSettings(off)).toEqual({
      ok: false,
      errors: { antennas: LLRP_MESSAGES.antennasEnabled },
    });
    expect(parseLlrpSettings({ ...emptyLlrpSettingsValues(), host: 'reader-1' })).toEqual({
      ok: false,
      errors: { antennas: LLRP_ANTENNAS_MISSING },
    });
  });

  it('checks only where the reader is before a connection test', () => {
    expect(parseLlrpEndpoint({ ...emptyLlrpSettingsValues(), host: ' reader-1.local ' })).toEqual({
      ok: true,
      output: { host: 'reader-1.local', port: 5084, useTls: false },
    });
    expect(parseLlrpEndpoint({ ...emptyLlrpSettingsValues(), port: '70000' })).toEqual({
      ok: false,
      errors: { host: LLRP_MESSAGES.host, port: LLRP_MESSAGES.port },
    });
  });
});
