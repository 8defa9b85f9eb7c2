import { startLlrpEmulator } from '../src/modules/llrp/emulator.ts';
import type { LoupeClient } from './loupe-client.ts';

/** The demo's LLRP reader: a Speedway R420 emulated in the demo's process, which Loupe connects out to. */
export const DEMO_LLRP_READER = { id: 'r420-vault', name: 'Impinj Speedway R420 · Vault (LLRP)' } as const;

/** Blank envelopes on the vault reader's shelf: tags no piece carries yet. */
const BLANK_ENVELOPES = ['E28011606000020900000A01', 'E28011606000020900000A02', 'E28011606000020900000A03'];

/**
 * Issue 40: one emulated LLRP reader beside the Zebra and Impinj ones. Loupe is its client: it connects,
 * configures the ROSpec and takes its reports; its antennas are left unmapped, as a reader just installed
 * is, so its reads show on /rfid-mapping (and raise the unmapped-antenna alert) until an admin maps them.
 * `port`: DEMO_LLRP_PORT as demo.ts parses it (5084 is often a real reader's; 0, a free one, by default).
 */
export async function startDemoLlrpReader(admin: LoupeClient, port: number) {
  const emulator = await startLlrpEmulator({
    port,
    antennas: 4,
    tagsInView: BLANK_ENVELOPES.map((epc, index) => ({ epc, antenna: (index % 2) + 1 })),
  });
  await admin.data('POST', '/readers', { ...DEMO_LLRP_READER, kind: 'llrp' });
  await admin.data('PUT', `/readers/${DEMO_LLRP_READER.id}/llrp`, {
    host: '127.0.0.1',
    port: emulator.port,
    antennas: [
      { antenna: 1, enabled: true, txPowerDbm: 20 },
      { antenna: 2, enabled: true, txPowerDbm: 20 },
    ],
    session: 1,
    searchMode: 'dual-target',
    reportEveryMs: 1000,
  });
  return {
    summary: `LLRP: ${DEMO_LLRP_READER.name} emulated on 127.0.0.1:${emulator.port}; Loupe connects and configures it (its antennas are not mapped yet)`,
    close: () => emulator.close(),
  };
}
