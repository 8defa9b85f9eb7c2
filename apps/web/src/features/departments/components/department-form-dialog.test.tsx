import { DEFAULT_DEPARTMENT_GRADIENT } from '@loupe/domain/registry/departments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeDepartment } from '@/test/factories';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { DepartmentFormDialog } from './department-form-dialog';

function renderCreate() {
  renderWithRegistryProviders(
    <DepartmentFormDialog mode="create" locationId="LOC002" trigger={<Button>Open form</Button>} />,
    { role: 'manager' },
  );
}

async function openForm(user: ReturnType<typeof userEvent.setup>, title = 'Add a department') {
  await user.click(screen.getByRole('button', { name: 'Open form' }));
  return screen.findByRole('dialog', { name: title });
}

function checkedIcon(dialog: HTMLElement): string | undefined {
  return (
    within(dialog)
      .getAllByRole('radio')
      .find((radio) => (radio as HTMLInputElement).checked && radio.getAttribute('name')?.endsWith('-icon'))
      ?.getAttribute('value') ?? undefined
  );
}

// Typing through userEvent is slow on a shared CI core; the default 5 s is too tight for these forms.
describe('DepartmentFormDialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('guesses the icon from the name while typing, until the user picks one', async () => {
    const user = userEvent.setup();
    renderCreate();
    const dialog = await openForm(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(checkedIcon(dialog)).toBe('Hammer');

    await user.type(name, 'Stone Setting');
    expect(within(dialog).getByRole('radio', { name: 'Settings' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Polishing');
    expect(within(dialog).getByRole('radio', { name: 'Sparkles' })).toBeChecked();
    expect(within(dialog).getByText('Guessed from the name until you pick one.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Gem' }));
    await user.clear(name);
    await user.type(name, 'Casting');
    expect(within(dialog).getByRole('radio', { name: 'Gem' })).toBeChecked();
    expect(within(dialog).queryByText('Guessed from the name until you pick one.')).toBeNull();
  });

  it('asks for a name and sends nothing without one', async () => {
    const post = vi.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderCreate();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add department' }));
    expect(await within(dialog).findByText('Enter a department name')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('creates the department in its location with the chosen icon, colour, topic and machine', async () => {
    const created = makeDepartment({ id: 'DEPT003', name: 'Stone Setting', locationId: 'LOC002' });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true, data: created });
    const user = userEvent.setup();
    renderCreate();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Stone Setting ');
    await user.click(within(dialog).getByRole('radio', { name: 'Violet' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'MQTT topic (optional)' }), 'loupe/setting');
    await user.click(within(dialog).getByRole('button', { name: 'Add department' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('departments', {
      name: 'Stone Setting',
      description: '',
      iconName: 'Settings',
      gradient: 'from-violet-600 to-purple-800',
      mqttTopic: 'loupe/setting',
      machineId: null,
      locationId: 'LOC002',
    });
    expect(getToasts()[0]?.title).toBe('Stone Setting was added');
  });

  it('keeps the icon of a department being edited when it is renamed, and keeps an unknown gradient', async () => {
    const department = makeDepartment({
      id: 'DEPT001',
      name: 'Casting',
      iconName: 'Hammer',
      gradient: 'from-lime-300 to-lime-900',
    });
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue({
      success: true,
      data: { ...department, name: 'Jewel Casting' },
    });
    const user = userEvent.setup();
    renderWithRegistryProviders(
      <DepartmentFormDialog mode="edit" department={department} trigger={<Button>Open form</Button>} />,
      { role: 'admin' },
    );
    const dialog = await openForm(user, 'Edit Casting');
    expect(within(dialog).getByRole('radio', { name: 'Current (custom)' })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Jewel Casting');
    expect(within(dialog).getByRole('radio', { name: 'Hammer' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save department' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('departments/DEPT001', {
        name: 'Jewel Casting',
        description: '',
        iconName: 'Hammer',
        gradient: 'from-lime-300 to-lime-900',
        mqttTopic: null,
        machineId: null,
      }),
    );
  });

  it("places the server's field errors next to their fields and keeps the dialog open", async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({
        message: 'name: taken',
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'body.name', message: 'A department named Casting exists' }] },
      }),
    );
    const user = userEvent.setup();
    renderCreate();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'casting');
    await user.click(within(dialog).getByRole('button', { name: 'Add department' }));
    expect(await within(dialog).findByText('A department named Casting exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Slate' })).toHaveAttribute(
      'value',
      DEFAULT_DEPARTMENT_GRADIENT,
    );
  });
});
