import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type TAuthContext, type TCurrentUser } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { LoginRoute } from './login-route';

const user: TCurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  firstName: 'Ada',
  lastName: '',
  role: 'admin',
  department: null,
};

function renderLogin(state?: unknown) {
  const signIn = vi.fn(async () => user);
  const auth: TAuthContext = {
    status: 'signed-out',
    user: null,
    signIn,
    signOut: vi.fn(),
    refreshUser: vi.fn(),
  };
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.dashboard, element: <p>dashboard</p> },
      { path: paths.orders, element: <p>orders</p> },
    ],
    { initialEntries: [{ pathname: paths.login, state }] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { signIn, typist: userEvent.setup() };
}

async function signInAs(typist: ReturnType<typeof userEvent.setup>) {
  await typist.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await typist.type(screen.getByLabelText('Password'), 'correct horse');
  await typist.keyboard('{Enter}');
}

describe('LoginRoute', () => {
  it('signs in through the auth context and opens the dashboard', async () => {
    const { signIn, typist } = renderLogin();
    await signInAs(typist);
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });

  it('returns to the page RequireAuth sent the visitor from', async () => {
    const first = renderLogin({ from: paths.orders });
    await signInAs(first.typist);
    expect(await screen.findByText('orders')).toBeInTheDocument();
  });

  it('ignores a return path to another site', async () => {
    const { typist } = renderLogin({ from: '//evil.example/' });
    await signInAs(typist);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
