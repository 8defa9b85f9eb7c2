import type { TRole } from '@loupe/domain/auth/roles';
import {
  type TDepartment,
  type TDepartmentInput,
  ZDepartmentSchema,
} from '@loupe/domain/registry/departments';
import type { TLocation } from '@loupe/domain/registry/locations';
import type { TReader } from '@loupe/domain/registry/readers';
import { type TStation, type TStationInput, ZStationSchema } from '@loupe/domain/registry/stations';
import type { TPublicConfig } from '@loupe/domain/system/public-config';
import type { TManagedUser } from '@loupe/domain/users/managed-user';
import { vi } from 'vitest';
import type { TAuthContext, TCurrentUser } from '@/lib/auth/auth-context';

// The web tests' one set of factories: each makes a valid value as the server would send it, with the
// fields a test cares about given as overrides.

const CREATED_AT = '2025-01-01T00:00:00.000Z';

/** GET /api/config of a local installation named Atelier Test. */
export const TEST_PUBLIC_CONFIG: TPublicConfig = {
  authMode: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  region: 'us-east-1',
  companyName: 'Atelier Test',
  tagline: 'Select a location to view departments and track items across our facilities',
  aiAssistantName: 'Gemma',
};

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

export { makeJobState } from '@loupe/domain/jobs/job-state.fixture';

/** A signed-in session for `user` (signed out for null); signing in or out does nothing but `signOut`. */
export function makeAuth(user: TCurrentUser | null, signOut = vi.fn(async () => {})): TAuthContext {
  const actions = { signIn: vi.fn(), continueSignIn: vi.fn(), signOut, refreshUser: vi.fn(async () => {}) };
  return user ? { status: 'signed-in', user, ...actions } : { status: 'signed-out', user: null, ...actions };
}

/** A staff account as Settings › users lists it. */
export function makeManagedUser(
  overrides: Partial<TManagedUser> & Pick<TManagedUser, 'id' | 'email' | 'name'>,
): TManagedUser {
  return {
    firstName: '',
    lastName: '',
    role: 'salesperson',
    emailVerified: true,
    mustChangePassword: false,
    disabled: false,
    homeLocationId: null,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

export function makeLocation(overrides: Partial<TLocation> & Pick<TLocation, 'id' | 'name'>): TLocation {
  return {
    address: '',
    description: '',
    kind: 'workshop',
    departmentCount: 0,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

export function makeStation(input: TStationInput): TStation {
  return ZStationSchema.parse(input);
}

/** A department as the API sends it: defaults applied, totalItems the sum of its stations. */
export function makeDepartment(input: TDepartmentInput): TDepartment {
  const department = ZDepartmentSchema.parse(input);
  return { ...department, totalItems: department.stations.reduce((sum, s) => sum + s.itemCount, 0) };
}

/** A reader online for the last five minutes, no antenna mapped. */
export function makeReader(
  overrides: Partial<TReader> & Pick<TReader, 'id' | 'name'>,
  now: Date = new Date(),
): TReader {
  return {
    kind: 'zebra',
    apiKeyPrefix: 'lpr_ab12',
    status: 'online',
    lastHeartbeat: new Date(now.getTime() - 5 * 60_000).toISOString(),
    antennas: [],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}
