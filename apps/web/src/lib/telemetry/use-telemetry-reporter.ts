import { CLIENT_TELEMETRY } from '@loupe/domain/config/client-telemetry';
import { useEffect } from 'react';
import { API_BASE_URL, API_HEADERS, apiClient, CLIENT_PLATFORM, CLIENT_VERSION } from '../api-client';
import { getIdToken } from '../auth/auth-client';
import { TELEMETRY_ENDPOINT, telemetryQueue } from './client-telemetry';
import { startTelemetryReporter } from './telemetry-reporter';

/**
 * A `keepalive` POST for a page that is going away. Not navigator.sendBeacon: a beacon cannot carry the
 * Authorization header the API signs people in with, so the id token is kept at hand to send it.
 */
function sendKeepalive(body: string, idToken: string | null): boolean {
  if (!idToken) return false;
  try {
    void fetch(`${API_BASE_URL}/${TELEMETRY_ENDPOINT}`, {
      method: 'POST',
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        [API_HEADERS.authorization]: `Bearer ${idToken}`,
        [API_HEADERS.requestedWith]: 'XMLHttpRequest',
        [API_HEADERS.clientVersion]: CLIENT_VERSION,
        [API_HEADERS.clientPlatform]: CLIENT_PLATFORM,
      },
      body,
    }).catch(() => undefined);
    return true;
  } catch {
    // A body the browser will not keep alive: the batch stays queued for the next visit's flush.
    return false;
  }
}

/** While signed in: reports the queued client errors and request timings (issue 36 §2). */
export function useTelemetryReporter(): void {
  useEffect(() => {
    let idToken: string | null = null;
    const refreshToken = () => {
      void getIdToken().then((token) => {
        idToken = token;
      });
    };
    refreshToken();
    // A hidden page has no time to ask Amplify: the token is read ahead, as often as the queue is sent.
    const tokenTimer = setInterval(refreshToken, CLIENT_TELEMETRY.flushIntervalMs);
    const stop = startTelemetryReporter({
      queue: telemetryQueue,
      send: (batch) => apiClient.post(TELEMETRY_ENDPOINT, batch),
      sendNow: (body) => sendKeepalive(body, idToken),
    });
    return () => {
      clearInterval(tokenTimer);
      stop();
    };
  }, []);
}
