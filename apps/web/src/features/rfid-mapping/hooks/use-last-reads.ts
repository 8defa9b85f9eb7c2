import { parseServerToClientEvent } from '@loupe/domain/realtime/events';
import { useEffect, useState } from 'react';
import { useRealtime } from '@/lib/realtime/realtime-context';

export type TLastRead = { readonly epc: string; readonly timestamp: string };
export type TLastReads = ReadonlyMap<string, TLastRead>;

/** The key of one antenna of one reader in the last-read map. */
export function antennaKey(readerId: string, antenna: number): string {
  return `${readerId}/${antenna}`;
}

/**
 * The last tag each antenna read, from the live 'rfid:tag-read' events since the screen opened. Null
 * without a live connection (outside the signed-in shell): there is then nothing live to show.
 */
export function useLastReads(): TLastReads | null {
  const client = useRealtime()?.client ?? null;
  const [reads, setReads] = useState<TLastReads>(() => new Map());

  useEffect(() => {
    if (!client) return undefined;
    return client.on('rfid:tag-read', (payload) => {
      const parsed = parseServerToClientEvent('rfid:tag-read', payload);
      if (!parsed.ok) {
        console.warn('Ignored an unreadable rfid:tag-read event', parsed.message);
        return;
      }
      const { readerId, antenna, epc, timestamp } = parsed.payload;
      const key = antennaKey(readerId, antenna);
      setReads((current) => {
        const previous = current.get(key);
        // Events of one batch may arrive out of order: an older read never hides a newer one.
        if (previous && Date.parse(previous.timestamp) > Date.parse(timestamp)) return current;
        const next = new Map(current);
        next.set(key, { epc, timestamp });
        return next;
      });
    });
  }, [client]);

  return client ? reads : null;
}
