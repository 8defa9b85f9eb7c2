import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAuthClient } from './auth-client';
import { type TCurrentUser, useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

const ada: TCurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'manager',
  department: null,
};

function fakeClient(overrides: Partial<TAuthClient> = {}): TAuthClient {
  return {
    signIn: vi.fn(async () => ({ status: 'signed-in' as const, user: ada })),
    continueSignIn: vi.fn(async () => ({ status: 'signed-in' as const, user: ada })),
    signOut: vi.fn(async () => {}),
    restoreSession: vi.fn(async () => null),
    rememberedSession: vi.fn(async () => null),
    loadUser: vi.fn(async () => ada),
    ...overrides,
  };
}

let auth: ReturnType<typeof useAuth> | undefined;
function Probe() {
  auth = useAuth();
  return <p>{auth.status === 'signed-in' ? `${auth.status}: ${auth.user.name}` : auth.status}</p>;
}

function renderProvider(client: TAuthClient, queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('AuthProvider', () => {
  it('is loading until the stored session is checked, then signed out without one', async () => {
    let finish: (user: TCurrentUser | null) => void = () => {};
    const restoreSession = vi.fn(
      () =>
        new Promise<TCurrentUser | null>((resolve) => {
          finish = resolve;
        }),
    );
    renderProvider(fakeClient({ restoreSession }));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await vi.waitFor(() => expect(restoreSession).toHaveBeenCalled());
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => finish(null));
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('restores a stored session as the signed-in user', async () => {
    renderProvider(fakeClient({ restoreSession: vi.fn(async () => ada) }));
    expect(await screen.findByText('signed-in: Ada Lovelace')).toBeInTheDocument();
  });

  it('shows the remembered profile at once, then the server’s answer', async () => {
    let finish: (user: TCurrentUser | null) => void = () => {};
    const restoreSession = vi.fn(
      () =>
        new Promise<TCurrentUser | null>((resolve) => {
          finish = resolve;
        }),
    );
    renderProvider(fakeClient({ rememberedSession: vi.fn(async () => ada), restoreSession }));
    expect(await screen.findByText('signed-in: Ada Lovelace')).toBeInTheDocument();
    await act(async () => finish({ ...ada, name: 'Ada King' }));
    expect(screen.getByText('signed-in: Ada King')).toBeInTheDocument();
  });

  it('signs out when the server no longer accepts the session behind a remembered profile', async () => {
    let finish: (user: TCurrentUser | null) => void = () => {};
    const restoreSession = vi.fn(
      () =>
        new Promise<TCurrentUser | null>((resolve) => {
          finish = resolve;
        }),
    );
    renderProvider(fakeClient({ rememberedSession: vi.fn(async () => ada), restoreSession }));
    expect(await screen.findByText('signed-in: Ada Lovelace')).toBeInTheDocument();
    await act(async () => finish(null));
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('signs in, re-reads the profile, and signs out clearing cached queries', async () => {
    const client = fakeClient({ loadUser: vi.fn(async () => ({ ...ada, name: 'Ada King' })) });
    const queryClient = renderProvider(client);
    await screen.findByText('signed-out');
    queryClient.setQueryData(['orders'], ['order 1']);

    await act(async () => {
      await auth?.signIn('ada@example.com', 'correct horse');
    });
    expect(client.signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
    expect(screen.getByText('signed-in: Ada Lovelace')).toBeInTheDocument();

    await act(async () => {
      await auth?.refreshUser();
    });
    expect(screen.getByText('signed-in: Ada King')).toBeInTheDocument();

    await act(async () => {
      await auth?.signOut();
    });
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    expect(queryClient.getQueryData(['orders'])).toBeUndefined();
  });

  it('stays signed out while a second-factor step is pending, and signs in once it is answered', async () => {
    const client = fakeClient({
      signIn: vi.fn(async () => ({
        status: 'next-step' as const,
        step: { type: 'totp-code' as const },
        email: 'ada@example.com',
      })),
    });
    renderProvider(client);
    await screen.findByText('signed-out');
    await act(async () => {
      await auth?.signIn('ada@example.com', 'correct horse');
    });
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await act(async () => {
      await auth?.continueSignIn('ada@example.com', '123456');
    });
    expect(client.continueSignIn).toHaveBeenCalledWith('ada@example.com', '123456');
    expect(screen.getByText('signed-in: Ada Lovelace')).toBeInTheDocument();
  });

  it('stays signed out when sign-in fails, passing the error on', async () => {
    const client = fakeClient({ signIn: vi.fn(() => Promise.reject(new Error('Invalid credentials'))) });
    renderProvider(client);
    await screen.findByText('signed-out');
    await act(async () => {
      await expect(auth?.signIn('ada@example.com', 'wrong')).rejects.toThrow('Invalid credentials');
    });
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });
});
