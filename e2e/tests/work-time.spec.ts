import type { LoupeApi } from '../support/api';
import { expect, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import type { TData } from '../support/workshop';

// Issue 37 §3: a jeweller starts, pauses, undoes and finishes a step from My Tasks; the job shows the labour.

type TTemplate = { id: string; kind: string; productTypeId: string | null };

/** A bench department with a station, made the order workflow's first phase, and a tagged order read there. */
async function benchOrder(api: LoupeApi, suffix: string) {
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Bench ${suffix}`,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    { name: 'Bench 1' },
  );
  const templates = await api.request<TData<TTemplate[]>>('GET', '/workflow/templates');
  const template = templates.data.find((t) => t.kind === 'order' && t.productTypeId === null);
  if (!template) throw new Error('no default order workflow');
  const phase = (key: string, name: string, departmentIds: string[]) => ({
    key,
    name,
    departmentIds,
    targetHours: 8,
    completerRoles: ['production'],
    needsSignOff: false,
  });
  await api.request('PUT', `/workflow/templates/${template.id}`, {
    phases: [phase('bench', 'Stone setting', [department.data.id]), phase('qa', 'Quality check', [])],
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Imogen Hart ${suffix}`,
    phone: '+1 555 010 3321',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Emerald pendant, reset stone',
  });
  const epc = `E2801170${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
  await api.request('POST', '/tracking/orders/update-location', {
    orderId: order.data.id,
    epcCode: epc,
    departmentId: department.data.id,
    stationId: station.data.id,
  });
  return order.data;
}

test('a jeweller starts, pauses, undoes and finishes a step from My Tasks; the job page shows the labour', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const order = await benchOrder(api, suffix);
  const email = uniqueEmail('jeweller');
  const password = 'bench work every day';
  const firstName = `Rosa${suffix}`;
  await api.inviteUser({ email, role: 'production', temporaryPassword: password, firstName });
  const people = await api.request<TData<{ id: string; name: string }[]>>('GET', '/workflow/people');
  const rosa = people.data.find((person) => person.name === `${firstName} Tester`);
  if (!rosa) throw new Error('the jeweller is not offered for assignments');
  await api.request('POST', '/workflow/assignments', {
    kind: 'order',
    itemId: order.id,
    assigneeId: rosa.id,
  });

  await signIn(page, email, password);
  await page.goto('/my-tasks');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: order.orderNumber }) });
  await expect(row.getByText('Not started')).toBeVisible();
  const label = `Stone setting of ${order.orderNumber}`;
  const toast = (text: string) => toastOf(page, text);

  // Start: one tap, the timer runs, and the toast offers an undo.
  await row.getByRole('button', { name: `Start ${label}` }).click();
  await expect(toast(`Started ${order.orderNumber}.`)).toBeVisible();
  await expect(row.getByText('Timer running')).toBeVisible();

  // Pause, then undo the pause: the timer runs again.
  await row.getByRole('button', { name: `Pause ${label}` }).click();
  await expect(toast(`Paused ${order.orderNumber}.`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Resume ${label}` })).toBeVisible();
  // The toast's own button (its role="status" copy is words only, for screen readers).
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(toast('Undone.')).toBeVisible();
  await expect(row.getByRole('button', { name: `Pause ${label}` })).toBeVisible();
  await expect(row.getByText('Timer running')).toBeVisible();

  // Done: the step leaves My Tasks, and the job moves on.
  await row.getByRole('button', { name: `Mark ${label} done` }).click();
  await expect(toast(`${order.orderNumber} done.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing assigned to you' })).toBeVisible();

  // The job page: a row for the step and the person, with the time the timer counted.
  await page.goto(`/orders/${order.id}`);
  const labour = page.getByRole('table', { name: 'Labour per step' });
  await expect(labour).toBeVisible();
  const stepRow = labour.getByRole('row').filter({ hasText: 'Stone setting' });
  await expect(stepRow).toContainText(`${firstName} Tester`);
  await expect(stepRow).toContainText(/< 1 min|\d+ min/);
  await expect(stepRow).not.toContainText('running');
});
