import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeManagedUser, makeUser } from '@/test/factories';
import { STORE, WORKSHOP } from '@/test/location-mocks';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { generateTemporaryPassword } from './temporary-password';
import { UsersSection } from './users-section';

const ME = makeUser('admin');

const USERS = [
  makeManagedUser({ id: ME.id, email: ME.email, name: ME.name, role: 'admin' }),
  makeManagedUser({ id: 'u-ana', email: 'ana@example.test', name: 'Ana Silva', mustChangePassword: true }),
];

function renderUsers() {
  return renderWithSettingsProviders(<UsersSection />, { user: ME });
}

describe('UsersSection', () => {
  beforeEach(() => {
    stubResizeObserver();
    vi.spyOn(apiClient, 'get').mockImplementation(async (path) => {
      if (path === 'locations') return page([WORKSHOP, STORE]);
      if (path !== 'users') throw new Error(`unexpected GET ${path}`);
      return { success: true, data: { items: USERS, total: USERS.length } };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('lists the users; an admin cannot disable, demote or delete their own account here', async () => {
    renderUsers();
    expect(await screen.findByText('Ana Silva')).toBeInTheDocument();
    expect(screen.getByText('Temporary password')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: `${ME.name} may sign in` })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: `Role of ${ME.name}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Delete ${ME.name}` })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Ana Silva may sign in' })).toBeEnabled();
  });

  it('searches by name or e-mail', async () => {
    const user = userEvent.setup();
    renderUsers();
    await screen.findByText('Ana Silva');
    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or e-mail' }), 'ana');
    await waitFor(() =>
      expect(apiClient.get).toHaveBeenLastCalledWith('users', { searchParams: { q: 'ana', limit: 100 } }),
    );
  });

  it('disables a user with the switch', async () => {
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue({
      success: true,
      data: { ...USERS[1], disabled: true },
    });
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('switch', { name: 'Ana Silva may sign in' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('users/u-ana', { disabled: true }));
  });

  it('lifts the sign-in slow-down of a user after wrong passwords, and says so', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, message: 'Sign-in unlocked.' });
    const user = userEvent.setup();
    renderUsers();
    expect(await screen.findByRole('button', { name: `Unlock sign-in of ${ME.name}` })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Unlock sign-in of Ana Silva' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('users/u-ana/unlock'));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Ana Silva can sign in again'));
  });

  it('resets the two-step sign-in of another user, not of oneself', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, message: 'Two-step sign-in reset.' });
    const user = userEvent.setup();
    renderUsers();
    expect(
      await screen.findByRole('button', { name: `Reset two-step sign-in of ${ME.name}` }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in of Ana Silva' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('users/u-ana/mfa/reset'));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Two-step sign-in of Ana Silva reset'));
  });

  it('deletes only after confirmation, and shows why the server refused', async () => {
    const remove = vi.spyOn(apiClient, 'delete').mockRejectedValue(
      new ApiError({
        message: 'The last active administrator cannot be deleted.',
        status: 409,
        code: 'CONFLICT',
      }),
    );
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Silva?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(
      await within(dialog).findByText('The last active administrator cannot be deleted.'),
    ).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('users/u-ana');
  });

  it('invites a user with a temporary password, and shows field errors from the server', async () => {
    const post = vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({
        message: 'email: already taken',
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'body.email', message: 'Use another address' }] },
      }),
    );
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    const password = within(dialog).getByRole('textbox', { name: 'Temporary password' });
    expect((password as HTMLInputElement).value).toMatch(/^[\w]{4}(-[\w]{4}){3}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a first name')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'bo@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Bo');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Use another address')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('users', {
      email: 'bo@example.test',
      firstName: 'Bo',
      lastName: '',
      role: 'salesperson',
      temporaryPassword: (password as HTMLInputElement).value,
      homeLocationId: null,
    });
  });

  it('invites a user who works at one location', async () => {
    stubPointerApis();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, data: { ...USERS[1], homeLocationId: STORE.id } });
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    const home = within(dialog).getByRole('combobox', { name: 'Home location' });
    expect(home).toHaveTextContent('All locations');
    await user.click(home);
    await user.click(await screen.findByRole('option', { name: 'Downtown Store' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'cy@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Cy');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('users', expect.objectContaining({ homeLocationId: STORE.id })),
    );
  });

  it("sets a user's home location from the list", async () => {
    stubPointerApis();
    const patch = vi
      .spyOn(apiClient, 'patch')
      .mockResolvedValue({ success: true, data: { ...USERS[1], homeLocationId: STORE.id } });
    const user = userEvent.setup();
    renderUsers();
    const select = await screen.findByRole('combobox', { name: 'Home location of Ana Silva' });
    expect(select).toHaveTextContent('All locations');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Downtown Store' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('users/u-ana', { homeLocationId: STORE.id }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Ana Silva now works at Downtown Store'));
  });
});

describe('generateTemporaryPassword', () => {
  it('draws four groups of four from its random source', () => {
    const source = (buffer: Uint32Array<ArrayBuffer>) => buffer.map((_, index) => index);
    expect(generateTemporaryPassword(source)).toBe('abcd-efgh-jkmn-pqrs');
  });
});
