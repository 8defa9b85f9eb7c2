import { roomName, type TRoom } from '@loupe/domain/realtime/events';
import { useEffect } from 'react';
import { useRealtime } from './realtime-context';

/**
 * Follows a room of spec §7 while the calling screen is mounted: an order's or repair's page its
 * `order:{id}` / `repair:{id}`, a department view its `department:{id}`. Null follows nothing (the id is
 * not known yet). Outside the live connection (tests without it) it does nothing.
 */
export function useRealtimeRoom(room: TRoom | null): void {
  const client = useRealtime()?.client;
  const name = room === null ? null : roomName(room);
  useEffect(() => {
    if (!client || name === null) return;
    return client.follow(name);
  }, [client, name]);
}
