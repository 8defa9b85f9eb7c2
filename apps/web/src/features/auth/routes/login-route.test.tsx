import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadAmplify } from '@/lib/auth/amplify-loader';
import type { TSignInProgress } from '@/lib/auth/auth-client';
import { AuthContext, type TAuthContext, type TCurrentUser } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { LoginRoute } from './login-route';

// The identity service's code is the page's to fetch at the right moment, not this test's to download.
vi.mock('@/lib/auth/amplify-loader', () => ({ loadAmplify: vi.fn(async () => ({})) }));

const user: TCurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  firstName: 'Ada',
  lastName: '',
  role: 'admin',
  department: null,
};

const signedIn: TSignInProgress = { status: 'signed-in', user };

function renderLogin(
  state?: unknown,
  options: {
    first?: TSignInProgress;
    next?: (email: string, response: string) => Promise<TSignInProgress>;
  } = {},
) {
  const signIn = vi.fn(async () => options.first ?? signedIn);
  const continueSignIn = vi.fn(options.next ?? (async () => signedIn));
  const auth: TAuthContext = {
    status: 'signed-out',
    user: null,
    signIn,
    continueSignIn,
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
  return { signIn, continueSignIn, typist: userEvent.setup() };
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

describe('LoginRoute second-factor steps', () => {
  const mismatch = Object.assign(new Error('Invalid code received for user'), {
    name: 'CodeMismatchException',
  });

  it('asks for the authenticator code, says when it is wrong, and signs in with the right one', async () => {
    let attempts = 0;
    const { continueSignIn, typist } = renderLogin(undefined, {
      first: { status: 'next-step', step: { type: 'totp-code' }, email: 'ada@example.com' },
      next: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Invalid code received for user', { cause: mismatch });
        return signedIn;
      },
    });
    await signInAs(typist);
    const code = await screen.findByLabelText('Authenticator code');
    await typist.type(code, '123456{Enter}');
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
    await typist.type(screen.getByLabelText('Authenticator code'), '654321{Enter}');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(continueSignIn).toHaveBeenLastCalledWith('ada@example.com', '654321');
  });

  it('shows the QR code and setup key of TOTP setup, after the method is chosen', async () => {
    const { continueSignIn, typist } = renderLogin(undefined, {
      first: {
        status: 'next-step',
        step: { type: 'choose-setup', methods: ['TOTP', 'EMAIL'] },
        email: 'ada@example.com',
      },
      next: async (_email, response) =>
        response === 'TOTP'
          ? {
              status: 'next-step',
              step: {
                type: 'totp-setup',
                secret: 'JBSWY3DPEHPK3PXP',
                setupUri: 'otpauth://totp/Loupe:ada?secret=JBSWY3DPEHPK3PXP',
              },
              email: 'ada@example.com',
            }
          : signedIn,
    });
    await signInAs(typist);
    await typist.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    expect(continueSignIn).toHaveBeenCalledWith('ada@example.com', 'TOTP');
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(screen.getByTestId('totp-setup-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await typist.type(screen.getByLabelText('Code from the app'), '111222{Enter}');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });

  it('goes back to the password form when the sign-in expired', async () => {
    const expired = Object.assign(new Error('Invalid session for the user, session is expired.'), {
      name: 'NotAuthorizedException',
    });
    const { typist } = renderLogin(undefined, {
      first: {
        status: 'next-step',
        step: { type: 'email-code', destination: 'a***@example.com' },
        email: 'ada@example.com',
      },
      next: async () => {
        throw new Error(expired.message, { cause: expired });
      },
    });
    await signInAs(typist);
    expect(await screen.findByText(/We sent a 6-digit code to a\*\*\*@example.com/)).toBeInTheDocument();
    await typist.type(screen.getByLabelText('E-mailed code'), '123456{Enter}');
    expect(
      await screen.findByText('This sign-in has expired. Sign in again with your password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('fetches the identity service at the first sign of someone signing in, not with the page (issue 35 §4)', async () => {
    vi.mocked(loadAmplify).mockClear();
    const { typist } = renderLogin();
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
    expect(loadAmplify).not.toHaveBeenCalled();
    await typist.click(screen.getByLabelText('E-mail'));
    expect(loadAmplify).toHaveBeenCalledTimes(1);
    // Once: the listeners are gone after the first sign.
    await typist.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    expect(loadAmplify).toHaveBeenCalledTimes(1);
  });
});
