import type { TRole } from '@loupe/domain/auth/roles';
import type { TRepair, TRepairListItem } from '@loupe/domain/repairs/repair';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { AuthContext, type TAuthContext, type TCurrentUser } from '@/lib/auth/auth-context';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const REPAIR_ID = '33333333-3333-4333-8333-333333333333';

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

function makeAuth(user: TCurrentUser): TAuthContext {
  return {
    status: 'signed-in',
    user,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refreshUser: vi.fn(async () => {}),
  };
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

/** Shows where the app navigated to, for tests that follow a link or a redirect. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithProviders(
  ui: ReactNode,
  {
    user,
    route = '/repairs',
    path = '/repairs',
    queryClient = makeQueryClient(),
    otherRoutes = [],
  }: {
    user: TCurrentUser;
    route?: string;
    path?: string;
    queryClient?: QueryClient;
    otherRoutes?: readonly string[];
  },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={makeAuth(user)}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {ui}
                  <LocationProbe />
                </>
              }
            />
            {otherRoutes.map((other) => (
              <Route key={other} path={other} element={<LocationProbe />} />
            ))}
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

export function listItem(index: number, overrides: Partial<TRepairListItem> = {}): TRepairListItem {
  const n = String(index + 1).padStart(5, '0');
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    repairNumber: `REP-${n}`,
    customer: { id: CUSTOMER_ID, name: `Customer ${index + 1}`, phone: null, email: null },
    itemDescription: `Ring ${index + 1}`,
    repairTypes: ['sizing'],
    declaredValueCents: 50_000,
    estimateCents: 8_000,
    promisedDate: null,
    isRush: false,
    status: 'received',
    tracking: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeRepair(overrides: Partial<TRepair> = {}): TRepair {
  return {
    ...listItem(6),
    id: REPAIR_ID,
    repairNumber: 'REP-00007',
    customer: { id: CUSTOMER_ID, name: 'Ana Silva', phone: '+1 555 010 2030', email: 'ana@example.test' },
    itemDescription: 'White gold ring, 1 ct diamond',
    repairTypes: ['sizing', 'prong_retipping'],
    conditionNotes: 'Worn prongs',
    photos: [],
    ...overrides,
  };
}

export function envelope(data: unknown) {
  return { success: true, data };
}

export function page<T>(items: readonly T[], nextCursor: string | null = null, total = items.length) {
  return envelope({ items, total, nextCursor });
}

export function notFound(): ApiError {
  return new ApiError({ message: 'Not found', status: 404, code: 'NOT_FOUND' });
}

type TGetHandler = (options: TRequestOptions | undefined) => unknown;

/**
 * Answers apiClient.get by path; a path with no answer fails the test loudly. Answers that are Errors are
 * thrown, as the client would.
 */
export function mockGet(answers: Readonly<Record<string, TGetHandler | unknown>>) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path, options) => {
    if (!(path in answers)) throw new Error(`unexpected GET ${path}`);
    const answer = answers[path];
    const value = typeof answer === 'function' ? (answer as TGetHandler)(options) : answer;
    if (value instanceof Error) throw value;
    return value;
  });
}

/** Radix Select and friends measure and capture pointers, which jsdom lacks. */
export function stubPointerApis(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

/** jsdom has no object URLs; thumbnails need them. Returns the undo. */
export function stubObjectUrls(url: string): () => void {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => url;
  URL.revokeObjectURL = () => {};
  return () => {
    if (original.create) URL.createObjectURL = original.create;
    else Reflect.deleteProperty(URL, 'createObjectURL');
    if (original.revoke) URL.revokeObjectURL = original.revoke;
    else Reflect.deleteProperty(URL, 'revokeObjectURL');
  };
}
