import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  signInWithIdentityService,
  type TSignInDependencies,
  type TSignInStepResult,
} from '@/lib/auth/auth-client';
import type { TCurrentUser } from '@/lib/auth/auth-context';
import { FIELD_MESSAGES } from './field-messages';
import { LoginForm, type TLoginFormProps } from './login-form';

const user: TCurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'manager',
  department: null,
};

function renderForm(props: Partial<TLoginFormProps> = {}) {
  const onSignIn = props.onSignIn ?? vi.fn(async () => user);
  render(
    <MemoryRouter>
      <LoginForm {...props} onSignIn={onSignIn} />
    </MemoryRouter>,
  );
  return { onSignIn, typist: userEvent.setup() };
}

async function fillAndSubmit(typist: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await typist.type(screen.getByLabelText('E-mail'), email);
  if (password) await typist.type(screen.getByLabelText('Password'), password);
  await typist.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows each field error next to its field and focuses the first', async () => {
    const { onSignIn, typist } = renderForm();
    await typist.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(FIELD_MESSAGES.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(FIELD_MESSAGES.passwordRequired);
    expect(email).toHaveFocus();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('checks the e-mail format, and re-checks as the user corrects it', async () => {
    const { typist } = renderForm();
    await fillAndSubmit(typist, 'ada@', 'secret');
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAccessibleDescription(FIELD_MESSAGES.emailInvalid);
    await typist.type(email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(FIELD_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('disables the button with a pending label while signing in', async () => {
    let finish: (value: TCurrentUser) => void = () => {};
    const onSignIn = vi.fn(
      () =>
        new Promise<TCurrentUser>((resolve) => {
          finish = resolve;
        }),
    );
    const { typist } = renderForm({ onSignIn });
    await fillAndSubmit(typist, ' ada@example.com ', 'correct horse');

    const pending = screen.getByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    expect(onSignIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
    finish(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });

  it('shows a server error at the top of the form and focuses it', async () => {
    const onSignIn = vi.fn(async () => {
      throw new Error('Incorrect username or password.');
    });
    const { typist } = renderForm({ onSignIn });
    await fillAndSubmit(typist, 'ada@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect username or password.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the notice handed over by the previous screen', () => {
    renderForm({
      notice: 'Your e-mail address is verified. You can sign in now.',
      defaultEmail: 'ada@example.com',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is verified.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });

  it('links to registration and to the forgotten-password screen', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

/** The real §4 sequence behind the form, with Amplify and the profile call as doubles. */
function sequenceWith(overrides: {
  step?: string;
  idToken?: string | null;
  profile?: () => Promise<TCurrentUser | null>;
  signInError?: Error;
}) {
  const done = (signInStep: string): TSignInStepResult => ({ nextStep: { signInStep } });
  const deps: TSignInDependencies = {
    getCurrentUser: async () => {
      throw new Error('no session');
    },
    signOut: async () => {},
    signIn: async () => {
      if (overrides.signInError) throw overrides.signInError;
      return done(overrides.step ?? 'DONE');
    },
    confirmSignIn: async () => done('DONE'),
    fetchAuthSession: async () => {
      const idToken = overrides.idToken === undefined ? 'id-token' : overrides.idToken;
      return { tokens: idToken ? { idToken: { toString: () => idToken } } : undefined };
    },
    loadProfile: overrides.profile ?? (async () => user),
    logger: { warn: () => {}, info: () => {} },
  };
  return (email: string, password: string) => signInWithIdentityService(deps, { email, password });
}

describe('LoginForm with the sign-in sequence: the spec §8 messages', () => {
  const apiError = (code: string) => Object.assign(new Error('refused'), { code });

  it.each([
    ['no id token after sign-in', sequenceWith({ idToken: null }), ERROR_MESSAGES.missingIdToken],
    ['no backend profile', sequenceWith({ profile: async () => null }), ERROR_MESSAGES.missingProfile],
    [
      'a failing profile call',
      sequenceWith({ profile: () => Promise.reject(apiError('INTERNAL')) }),
      ERROR_MESSAGES.missingProfile,
    ],
    [
      'a step Loupe does not offer (SMS codes)',
      sequenceWith({ step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' }),
      ERROR_MESSAGES.signInRequiresAdditionalSteps,
    ],
    [
      'wrong credentials',
      sequenceWith({ signInError: new Error('Incorrect username or password.') }),
      'Incorrect username or password.',
    ],
    [
      'a failure without a message',
      sequenceWith({ signInError: new Error('') }),
      ERROR_MESSAGES.invalidCredentials,
    ],
  ])('%s', async (_case, onSignIn, message) => {
    const { typist } = renderForm({ onSignIn });
    await fillAndSubmit(typist, 'ada@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: 'Verify your e-mail address' })).not.toBeInTheDocument();
  });

  it.each([
    ['the CONFIRM_SIGN_UP step', sequenceWith({ step: 'CONFIRM_SIGN_UP' })],
    [
      'an EMAIL_NOT_VERIFIED profile answer',
      sequenceWith({ profile: () => Promise.reject(apiError('EMAIL_NOT_VERIFIED')) }),
    ],
  ])('an unverified e-mail (%s) offers the verification screen', async (_case, onSignIn) => {
    const { typist } = renderForm({ onSignIn });
    await fillAndSubmit(typist, 'ada+shop@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.emailNotVerified);
    expect(screen.getByRole('link', { name: 'Verify your e-mail address' })).toHaveAttribute(
      'href',
      '/verify-email?email=ada%2Bshop%40example.com',
    );
  });
});
