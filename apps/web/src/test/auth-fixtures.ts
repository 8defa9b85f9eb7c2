import type { TRole } from '@loupe/domain/auth/roles';
import { vi } from 'vitest';
import type { TAuthContext, TCurrentUser } from '@/lib/auth/auth-context';

export function makeUser(role: TRole): TCurrentUser {
  return {
    id: `user-${role}`,
    email: `${role}@example.test`,
    name: `Test ${role}`,
    firstName: 'Test',
    lastName: role,
    role,
    department: null,
  };
}

/** A signed-in session for `user`; signing in or out does nothing. */
export function makeAuth(user: TCurrentUser): TAuthContext {
  return {
    status: 'signed-in',
    user,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refreshUser: vi.fn(async () => {}),
  };
}
