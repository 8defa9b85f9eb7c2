import { describe, expect, it } from 'vitest';
import {
  LLRP_DEFAULT_PORT,
  LLRP_MESSAGES,
  llrpManufacturerName,
  ZLlrpConnectionSchema,
  ZLlrpSettingsSchema,
  ZLlrpTestInputSchema,
} from './llrp';

const antenna = { antenna: 1, enabled: true, txPowerDbm: 20 };

describe('ZLlrpSettingsSchema', () => {
  it('fills the LLRP defaults: port 5084, no TLS, session 1, a report every second', () => {
    expect(ZLlrpSettingsSchema.parse({ host: ' 192.168.1.40 ', antennas: [antenna] })).toEqual({
      host: '192.168.1.40',
      port: LLRP_DEFAULT_PORT,
      useTls: false,
      antennas: [antenna],
      session: 1,
      reportEveryMs: 1000,
    });
  });

  it.each(['speedway-12-34-56.local', 'fx9600', '10.0.0.5', '::1'])('accepts the host %s', (host) => {
    expect(ZLlrpSettingsSchema.safeParse({ host, antennas: [antenna] }).success).toBe(true);
  });

  it.each(['', 'http://reader', 'reader:5084', 'a b'])('refuses the host %j with its message', (host) => {
    const result = ZLlrpSettingsSchema.safeParse({ host, antennas: [antenna] });
    expect(result.error?.issues[0]?.message).toBe(LLRP_MESSAGES.host);
  });

  it.each([
    [{ antennas: [] }, LLRP_MESSAGES.antennasEnabled],
    [{ antennas: [{ ...antenna, enabled: false }] }, LLRP_MESSAGES.antennasEnabled],
    [{ antennas: [antenna, antenna] }, LLRP_MESSAGES.antennasDistinct],
    [{ antennas: [{ ...antenna, txPowerDbm: 9 }] }, LLRP_MESSAGES.txPower],
    [{ antennas: [{ ...antenna, txPowerDbm: 34 }] }, LLRP_MESSAGES.txPower],
    [{ antennas: [antenna], port: 0 }, LLRP_MESSAGES.port],
    [{ antennas: [antenna], reportEveryMs: 100 }, LLRP_MESSAGES.reportEveryMs],
  ])('refuses %j', (input, message) => {
    const result = ZLlrpSettingsSchema.safeParse({ host: 'fx9600', ...input });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a session outside 0–3 and an unknown search mode', () => {
    expect(ZLlrpSettingsSchema.safeParse({ host: 'r', antennas: [antenna], session: 4 }).success).toBe(false);
    expect(
      ZLlrpSettingsSchema.safeParse({ host: 'r', antennas: [antenna], searchMode: 'fast' }).success,
    ).toBe(false);
  });
});

describe('ZLlrpTestInputSchema', () => {
  it('defaults to the plain LLRP port', () => {
    expect(ZLlrpTestInputSchema.parse({ host: 'r420' })).toEqual({ host: 'r420', port: 5084, useTls: false });
  });
});

describe('ZLlrpConnectionSchema', () => {
  it('takes a connection never made', () => {
    const never = {
      state: 'disconnected',
      lastReportAt: null,
      lastError: null,
      heldBy: null,
      manufacturer: null,
      model: null,
      firmware: null,
      antennaCount: null,
    };
    expect(ZLlrpConnectionSchema.parse(never)).toEqual(never);
  });
});

describe('llrpManufacturerName', () => {
  it('names the vendors by their enterprise number, and an unknown one by its number', () => {
    expect(llrpManufacturerName(25882)).toBe('Impinj');
    expect(llrpManufacturerName(4)).toBe('Vendor 4');
  });
});
