import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { FIELD_MESSAGES } from './field-messages';
import { ForgotPasswordForm } from './forgot-password-form';
import { RegisterForm } from './register-form';
import { MISSING_TOKEN_MESSAGE, ResetPasswordForm } from './reset-password-form';
import { VerifyEmailForm } from './verify-email-form';

function inRouter(element: React.ReactElement) {
  render(<MemoryRouter>{element}</MemoryRouter>);
  return userEvent.setup();
}

const validationFailed = (field: string, message: string) =>
  new ApiError({
    message: `${field}: ${message}`,
    status: 400,
    code: 'VALIDATION_FAILED',
    details: { issues: [{ field, message }] },
  });

describe('RegisterForm', () => {
  async function fill(typist: ReturnType<typeof userEvent.setup>, confirmation = 'correct horse battery') {
    await typist.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await typist.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await typist.type(screen.getByLabelText('Password'), 'correct horse battery');
    await typist.type(screen.getByLabelText('Confirm password'), confirmation);
    await typist.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('sends the registration without the confirmation and without an empty phone', async () => {
    const onRegister = vi.fn(async () => {});
    const typist = inRouter(<RegisterForm onRegister={onRegister} />);
    await fill(typist);
    expect(onRegister).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse battery',
      phone: undefined,
    });
  });

  it('checks the confirmation and the password policy of the domain', async () => {
    const onRegister = vi.fn(async () => {});
    const typist = inRouter(<RegisterForm onRegister={onRegister} />);
    await typist.type(screen.getByLabelText('Password'), 'short');
    await typist.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(FIELD_MESSAGES.nameRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      FIELD_MESSAGES.passwordsDiffer,
    );
    expect(onRegister).not.toHaveBeenCalled();
  });

  it("shows the server's validation issue next to its field ('body.email' → E-mail)", async () => {
    const onRegister = vi.fn(async () => {
      throw validationFailed('body.email', 'This address cannot receive mail');
    });
    const typist = inRouter(<RegisterForm onRegister={onRegister} />);
    await fill(typist);
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This address cannot receive mail'));
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts a taken address (CONFLICT) on the e-mail field, and other failures at the top', async () => {
    const conflict = new ApiError({
      message: 'An account with this e-mail address already exists.',
      status: 409,
      code: 'CONFLICT',
    });
    const closed = new ApiError({
      message: 'Registration is closed.',
      status: 403,
      code: 'REGISTRATION_CLOSED',
    });
    const onRegister = vi.fn().mockRejectedValueOnce(conflict).mockRejectedValueOnce(closed);
    const typist = inRouter(<RegisterForm onRegister={onRegister} />);
    await fill(typist);
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(conflict.message),
    );
    await typist.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is closed.');
  });

  it('links back to login', () => {
    inRouter(<RegisterForm onRegister={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});

describe('VerifyEmailForm', () => {
  it('starts from the address it was given and puts a wrong code on the code field', async () => {
    const onVerify = vi.fn(async () => {
      throw new ApiError({
        message: 'The verification code is not correct.',
        status: 400,
        code: 'CODE_INVALID',
      });
    });
    const typist = inRouter(
      <VerifyEmailForm
        defaultEmail="ada@example.com"
        notice="Account created."
        onVerify={onVerify}
        onResend={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Account created.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    await typist.type(screen.getByLabelText('Verification code'), ' 123456 ');
    await typist.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(onVerify).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456' });
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
        'The verification code is not correct.',
      ),
    );
  });

  it('sends a new code to a valid address and shows the answer', async () => {
    const onResend = vi.fn(async () => 'A new code is on its way.');
    const typist = inRouter(<VerifyEmailForm onVerify={vi.fn()} onResend={onResend} />);
    await typist.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(FIELD_MESSAGES.emailRequired);
    expect(onResend).not.toHaveBeenCalled();
    await typist.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await typist.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(onResend).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
  });
});

describe('ForgotPasswordForm', () => {
  it("shows the server's answer in place of the form", async () => {
    const onRequestReset = vi.fn(async () => 'If an account exists, a link is on its way.');
    const typist = inRouter(<ForgotPasswordForm onRequestReset={onRequestReset} />);
    await typist.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await typist.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists, a link is on its way.',
    );
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });
});

describe('ResetPasswordForm', () => {
  it('explains a link without its token', () => {
    inRouter(<ResetPasswordForm token={null} onReset={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_TOKEN_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends the token with the new password', async () => {
    const onReset = vi.fn(async () => {});
    const typist = inRouter(<ResetPasswordForm token="reset-token" onReset={onReset} />);
    await typist.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await typist.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await typist.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(onReset).toHaveBeenCalledWith({ token: 'reset-token', newPassword: 'a brand new passphrase' });
  });

  it("shows an expired link's error at the top", async () => {
    const onReset = vi.fn(async () => {
      throw new ApiError({
        message: 'This password reset link has expired.',
        status: 400,
        code: 'CODE_EXPIRED',
      });
    });
    const typist = inRouter(<ResetPasswordForm token="old" onReset={onReset} />);
    await typist.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await typist.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await typist.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired.');
  });
});
