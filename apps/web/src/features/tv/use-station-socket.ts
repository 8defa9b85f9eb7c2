import type { ServerToClientEvents, TServerToClientPayload } from '@loupe/domain/realtime/events';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getIdToken } from '@/lib/auth/auth-client';
import type { TScreenConnection } from './components/station-screen';

/** A TV never gives up: it tries again every few seconds for as long as it hangs on the wall. */
const RECONNECT_DELAY_MAX_MS = 5000;
/** After the server closed or refused the connection (a restart, a revoked TV), when to try again. */
const REFUSED_RETRY_MS = 5000;

/** What moves pieces on a staff member's screen; a TV hears its own 'tv:screen-changed' instead. */
const STAFF_SCREEN_EVENTS = [
  'tracking:location-update',
  'tracking:offsite-detected',
  'tracking:returned-from-offsite',
  // Who works on which piece (issue 37 §3): a timer started, paused or stopped.
  'work:timer-changed',
] as const;

export type TStationSocketOptions = {
  /** A paired TV's credential, or null for signed-in staff (their id token). */
  readonly deviceToken: string | null;
  /** Something on the screen may have changed (or events were missed while disconnected): fetch it again. */
  readonly onScreenChanged: () => void;
  readonly onDisplayChanged?: (change: TServerToClientPayload<'tv:display-changed'>) => void;
  /** The server refused the TV's credential: it may have been revoked. */
  readonly onRefused?: () => void;
};

/**
 * The live connection of a station screen (issue 14): websocket only like the app's, but it reconnects for
 * ever (a TV has nobody to press "retry") and refetches on every (re)connect, since events may have been
 * missed. Returns whether the screen is live.
 */
export function useStationSocket(options: TStationSocketOptions): TScreenConnection {
  const [connection, setConnection] = useState<TScreenConnection>('reconnecting');
  const latest = useRef(options);
  latest.current = options;
  const { deviceToken } = options;

  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    const socket: Socket<ServerToClientEvents> = io({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
      auth: (send) => {
        if (deviceToken !== null) {
          send({ deviceToken });
          return;
        }
        void getIdToken().then((token) => send({ token }));
      },
    });
    const changed = () => latest.current.onScreenChanged();
    socket.on('connect', () => {
      setConnection('live');
      changed();
    });
    socket.on('disconnect', (reason) => {
      setConnection('reconnecting');
      // The server closed it on purpose (a restart, or a revoked TV): socket.io does not come back by itself.
      if (reason === 'io server disconnect') {
        latest.current.onRefused?.();
        retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
      }
    });
    socket.on('connect_error', () => {
      setConnection('reconnecting');
      // A refused handshake is not retried by socket.io; a network error is.
      if (!socket.active) {
        latest.current.onRefused?.();
        retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
      }
    });
    if (deviceToken !== null) {
      socket.on('tv:screen-changed', changed);
      // A timer on a piece here started or stopped: the TV shows who and how long (issue 37 §3).
      socket.on('work:timer-changed', changed);
      socket.on('tv:display-changed', (change) => latest.current.onDisplayChanged?.(change));
    } else {
      for (const name of STAFF_SCREEN_EVENTS) socket.on(name, changed);
    }
    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [deviceToken]);

  return connection;
}
