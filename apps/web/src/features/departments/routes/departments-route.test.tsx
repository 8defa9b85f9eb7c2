import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_LOCATION_STORAGE_KEY } from '@/components/registry/use-selected-location';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeDepartment, makeLocation, makeStation } from '@/test/factories';
import { renderWithRegistryProviders, stubPointerApis, stubRegistryGets } from '@/test/registry-test-utils';
import { IMPORT_INPUT_LABEL } from '../components/department-import-export';
import { DEPARTMENTS_TAGLINE } from '../components/departments-tagline';
import { DepartmentsRoute } from './departments-route';

const MAIN = makeLocation({ id: 'LOC001', name: 'Main Workshop', departmentCount: 2 });
const ANNEX = makeLocation({ id: 'LOC002', name: 'Annex', address: '12 Side Street' });

const CASTING = makeDepartment({
  id: 'DEPT001',
  name: 'Casting',
  iconName: 'Hammer',
  connectionStatus: 'connected',
  stations: [
    makeStation({
      id: 'STATION000001',
      name: 'Bench 1',
      antennaNumber: 2,
      jewelerName: 'Ana Silva',
      specialization: 'Lost wax',
      itemCount: 3,
    }),
    makeStation({ id: 'STATION000002', name: 'Kiln', isActive: false, status: 'Maintenance', itemCount: 1 }),
  ],
});
const POLISHING = makeDepartment({ id: 'DEPT002', name: 'Polishing', iconName: 'Sparkles' });

function renderDepartments(role: 'admin' | 'manager' | 'operator' | 'salesperson') {
  return renderWithRegistryProviders(<DepartmentsRoute />, { role, route: '/departments' });
}

function departmentCard(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('DepartmentsRoute', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubPointerApis();
    window.localStorage.clear();
    stubRegistryGets({ locations: [MAIN, ANNEX], departments: [CASTING, POLISHING] });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
    clearToasts();
  });

  it('shows the tagline and, by default, the departments of LOC001 with their stations and counts', async () => {
    renderDepartments('operator');
    expect(screen.getByRole('heading', { level: 1, name: 'Departments' })).toBeInTheDocument();
    expect(screen.getByText(DEPARTMENTS_TAGLINE)).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 2, name: 'Main Workshop' })).toBeInTheDocument();
    const casting = await screen.findByRole('article', { name: 'Casting' });
    expect(within(casting).getByText('4 items')).toBeInTheDocument();
    expect(within(casting).getByText('Connected')).toBeInTheDocument();
    const stations = within(casting).getByRole('list', { name: 'Stations of Casting' });
    const bench = within(stations).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(bench).getByText('Bench 1')).toBeInTheDocument();
    expect(within(bench).getByText('Antenna 2 · Ana Silva · Lost wax')).toBeInTheDocument();
    expect(within(bench).getByText('3 items')).toBeInTheDocument();
    const kiln = within(stations).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(kiln).getByText('Inactive')).toBeInTheDocument();
    expect(within(kiln).getByText('Maintenance')).toBeInTheDocument();
    expect(within(departmentCard('Polishing')).getByText('Disconnected')).toBeInTheDocument();
    expect(apiClient.get).toHaveBeenCalledWith('departments', {
      searchParams: { locationId: 'LOC001', limit: 200 },
    });
  });

  it('says so when a department has no stations', async () => {
    renderDepartments('operator');
    const polishing = await screen.findByRole('article', { name: 'Polishing' });
    expect(within(polishing).getByText(/^No stations in Polishing yet\.$/)).toBeInTheDocument();
  });

  it('shows a manager every management action', async () => {
    renderDepartments('manager');
    const casting = await screen.findByRole('article', { name: 'Casting' });
    for (const name of ['Add station to Casting', 'Edit Casting', 'Delete Casting']) {
      expect(within(casting).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(casting).getByRole('button', { name: 'Edit station Bench 1' })).toBeInTheDocument();
    expect(within(casting).getByRole('button', { name: 'Delete station Kiln' })).toBeInTheDocument();
    for (const name of [
      'Add department',
      'Add location',
      'Edit location Main Workshop',
      /^Export departments/,
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(IMPORT_INPUT_LABEL)).toBeInTheDocument();
  });

  it('shows an operator the same departments read-only', async () => {
    renderDepartments('operator');
    const casting = await screen.findByRole('article', { name: 'Casting' });
    expect(within(casting).getByText('Bench 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add|edit|delete|export|import/i })).toBeNull();
    expect(screen.queryByLabelText(IMPORT_INPUT_LABEL)).toBeNull();
  });

  it('remembers the location picked last and starts with it', async () => {
    const user = userEvent.setup();
    const first = renderDepartments('operator');
    await screen.findByRole('article', { name: 'Casting' });
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Annex' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Annex' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SELECTED_LOCATION_STORAGE_KEY)).toBe('LOC002');
    first.unmount();

    renderDepartments('operator');
    expect(await screen.findByRole('heading', { level: 2, name: 'Annex' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('Annex');
  });

  it('falls back to LOC001 when the remembered location is gone', async () => {
    window.localStorage.setItem(SELECTED_LOCATION_STORAGE_KEY, 'LOC404');
    renderDepartments('operator');
    expect(await screen.findByRole('heading', { level: 2, name: 'Main Workshop' })).toBeInTheDocument();
  });

  it('offers a manager to add the first department of an empty location', async () => {
    window.localStorage.setItem(SELECTED_LOCATION_STORAGE_KEY, 'LOC002');
    renderDepartments('manager');
    const empty = await screen.findByRole('heading', { name: 'No departments in Annex yet' });
    const section = empty.closest('section') as HTMLElement;
    expect(within(section).getByRole('button', { name: 'Add department' })).toBeInTheDocument();
  });

  it('tells others an empty location has no departments, without the action', async () => {
    window.localStorage.setItem(SELECTED_LOCATION_STORAGE_KEY, 'LOC002');
    renderDepartments('salesperson');
    expect(await screen.findByRole('heading', { name: 'No departments in Annex yet' })).toBeInTheDocument();
    expect(screen.getByText(/An administrator or a manager sets up/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add department' })).toBeNull();
  });

  it('deletes a department only after confirmation and shows why the server refused', async () => {
    const refusal = 'Move the 4 items in Casting to another department before deleting it.';
    const remove = vi
      .spyOn(apiClient, 'delete')
      .mockRejectedValue(new ApiError({ message: refusal, status: 409, code: 'CONFLICT' }));
    const user = userEvent.setup();
    renderDepartments('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete Casting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Casting?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete department' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('departments/DEPT001');
  });

  it('deletes a station after confirmation', async () => {
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true, message: 'Deleted' });
    const user = userEvent.setup();
    renderDepartments('manager');
    await user.click(await screen.findByRole('button', { name: 'Delete station Kiln' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete station Kiln?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete station' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith('stations/STATION000002');
    expect(getToasts()[0]?.title).toBe('Station Kiln was deleted');
  });

  describe('import', () => {
    it.each([
      ['not JSON', 'departments.json', '{ not json', 'departments.json is not a JSON file.'],
      [
        'not a list',
        'one.json',
        '{"id":"DEPT001","name":"Casting"}',
        'one.json does not hold a list of departments.',
      ],
    ])('refuses a file that is %s with a message and sends nothing', async (_label, name, text, message) => {
      const post = vi.spyOn(apiClient, 'post');
      const user = userEvent.setup();
      renderDepartments('manager');
      await screen.findByRole('article', { name: 'Casting' });
      await user.upload(
        screen.getByLabelText(IMPORT_INPUT_LABEL),
        new File([text], name, { type: 'application/json' }),
      );
      expect(await screen.findByText(new RegExp(`^${message.replace(/\./g, '\\.')}`))).toBeInTheDocument();
      expect(post).not.toHaveBeenCalled();
    });

    it('sends the list and reports how many departments and stations came in', async () => {
      const list = [{ id: 'DEPT009', name: 'Engraving', stations: [] }];
      const post = vi
        .spyOn(apiClient, 'post')
        .mockResolvedValue({ success: true, data: { departments: 1, stations: 0 } });
      const user = userEvent.setup();
      renderDepartments('manager');
      await screen.findByRole('article', { name: 'Casting' });
      await user.upload(
        screen.getByLabelText(IMPORT_INPUT_LABEL),
        new File([JSON.stringify(list)], 'export.json', { type: 'application/json' }),
      );
      await waitFor(() => expect(post).toHaveBeenCalledWith('departments/import', list));
      await waitFor(() => expect(getToasts()[0]?.title).toBe('Imported 1 department and 0 stations'));
    });

    it("shows the server's reason when it refuses the list", async () => {
      vi.spyOn(apiClient, 'post').mockRejectedValue(
        new ApiError({ message: 'Department 1: name is required', status: 400, code: 'VALIDATION_FAILED' }),
      );
      const user = userEvent.setup();
      renderDepartments('admin');
      await screen.findByRole('article', { name: 'Casting' });
      await user.upload(
        screen.getByLabelText(IMPORT_INPUT_LABEL),
        new File(['[{"id":"DEPT009"}]'], 'bad.json', { type: 'application/json' }),
      );
      expect(await screen.findByText('Department 1: name is required')).toBeInTheDocument();
    });
  });

  it('exports the departments as a JSON file', async () => {
    const blob = new Blob(['[]'], { type: 'application/json' });
    const download = vi.spyOn(apiClient, 'download').mockResolvedValue(blob);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:departments');
    const revokeObjectURL = vi.fn((_url: string) => {});
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDepartments('manager');
    await user.click(await screen.findByRole('button', { name: /^Export departments/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(download).toHaveBeenCalledWith('departments/export');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^departments-\d{4}-\d{2}-\d{2}\.json$/);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:departments'));
  });

  it('shows a load failure with a way to try again', async () => {
    const get = vi
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(new ApiError({ message: 'The server is restarting', status: 503 }));
    const user = userEvent.setup();
    renderDepartments('operator');
    expect(await screen.findByText('The server is restarting')).toBeInTheDocument();
    get.mockImplementation(async () => ({
      success: true,
      data: { items: [MAIN], total: 1, nextCursor: null },
    }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Main Workshop' })).toBeInTheDocument();
  });
});
