/**
 * A station TV's device credential (issue 14), kept in the TV browser's local storage so that it survives
 * reboots. It is the TV's only secret: no staff password is ever typed on a TV.
 */
const STORAGE_KEY = 'loupe.tv.deviceToken';

export function readDeviceToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeDeviceToken(token: string): void {
  window.localStorage.setItem(STORAGE_KEY, token);
}

export function clearDeviceToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
