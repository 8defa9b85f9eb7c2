import { parseServerToClientEvent } from '@loupe/domain/realtime/events';
import { useEffect, useMemo, useState } from 'react';
import { useRealtime } from '@/lib/realtime/realtime-context';
import { useStoredLastReads } from '../api/get-last-reads';

export type TLastRead = { readonly epc: string; readonly timestamp: string };
export type TLastReads = ReadonlyMap<string, TLastRead>;

/** The key of one antenna of one reader in the last-read map. */
export function antennaKey(readerId: string, antenna: number): string {
  return `${readerId}/${antenna}`;
}

function newer(a: TLastRead | undefined, b: TLastRead | undefined): TLastRead | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a.timestamp) >= Date.parse(b.timestamp) ? a : b;
}

/**
 * The last tag each antenna read: the stored reads (GET /readers/last-reads, issue 11 §6), overtaken by
 * the live 'rfid:tag-read' events since the screen opened, whichever is newer.
 */
export function useLastReads(): TLastReads {
  const client = useRealtime()?.client ?? null;
  const stored = useStoredLastReads();
  const [live, setReads] = useState<TLastReads>(() => new Map());

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

  return useMemo(() => {
    const merged = new Map<string, TLastRead>();
    for (const read of stored.data ?? []) {
      merged.set(antennaKey(read.readerId, read.antenna), { epc: read.epc, timestamp: read.timestamp });
    }
    for (const [key, read] of live) {
      const best = newer(merged.get(key), read);
      if (best) merged.set(key, best);
    }
    return merged;
  }, [stored.data, live]);
}
