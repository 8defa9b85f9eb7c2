import { isApiError } from '@/lib/api-error';

/** The server no longer knows this TV (revoked, or its code expired): it goes back to pairing. */
export function isNotPaired(error: unknown): boolean {
  return isApiError(error) && error.code === 'DEVICE_NOT_PAIRED';
}
