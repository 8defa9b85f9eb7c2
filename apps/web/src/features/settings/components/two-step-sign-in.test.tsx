import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as mfa from '@/lib/auth/mfa-preferences';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubResizeObserver } from '@/test/settings-test-utils';
import { TwoStepSignIn } from './two-step-sign-in';

vi.mock('@/lib/auth/mfa-preferences', () => ({
  getMfaPreferences: vi.fn(),
  startTotpSetup: vi.fn(),
  finishTotpSetup: vi.fn(),
  setMfaMethod: vi.fn(),
}));

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', setupUri: 'otpauth://totp/Loupe:ada?secret=JBSWY3DPEHPK3PXP' };

describe('Settings › profile › Two-step sign-in', () => {
  beforeEach(() => stubResizeObserver());
  afterEach(() => {
    vi.clearAllMocks();
    clearToasts();
  });

  function renderSection() {
    renderWithProviders(<TwoStepSignIn email="ada@example.com" />, {
      user: makeUser('manager'),
      route: '/settings/profile',
    });
    return userEvent.setup();
  }

  it('sets an authenticator app up with its QR code and key, says when the code is wrong, and turns it on', async () => {
    vi.mocked(mfa.getMfaPreferences).mockResolvedValue({ enabled: [], preferred: null });
    vi.mocked(mfa.startTotpSetup).mockResolvedValue(SETUP);
    vi.mocked(mfa.finishTotpSetup)
      .mockRejectedValueOnce(Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }))
      .mockResolvedValueOnce(undefined);
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(mfa.startTotpSetup).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(screen.getByTestId('totp-setup-key')).toHaveTextContent(SETUP.secret);

    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6 digits the app shows')).toBeInTheDocument();
    expect(mfa.finishTotpSetup).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Code from the app'), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not right. Check the app and try again.'),
    ).toBeInTheDocument();

    vi.mocked(mfa.getMfaPreferences).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Two-step sign-in is on'));
    expect(mfa.finishTotpSetup).toHaveBeenLastCalledWith('123456');
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('shows why turning the last method off was refused', async () => {
    vi.mocked(mfa.getMfaPreferences).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    vi.mocked(mfa.setMfaMethod).mockRejectedValue(
      Object.assign(new Error('Your role requires two-step sign-in: keep at least one method.'), {
        name: 'InvalidParameterException',
      }),
    );
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(mfa.setMfaMethod).toHaveBeenCalledWith('TOTP', false);
    expect(
      await screen.findByText('Your role requires two-step sign-in: keep at least one method.'),
    ).toBeInTheDocument();
  });

  it('switches codes by e-mail on', async () => {
    vi.mocked(mfa.getMfaPreferences).mockResolvedValue({ enabled: [], preferred: null });
    vi.mocked(mfa.setMfaMethod).mockResolvedValue(undefined);
    const user = renderSection();
    const toggle = await screen.findByRole('switch', { name: 'Codes by e-mail' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(mfa.setMfaMethod).toHaveBeenCalledWith('EMAIL', true);
  });
});
