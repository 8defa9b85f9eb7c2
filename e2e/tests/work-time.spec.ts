import { expect, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import { benchOrder, jewellerWithStep } from '../support/work-time';

// Issue 37 §3: a jeweller starts, pauses, undoes and finishes a step from My Tasks; the job shows the labour.

test('a jeweller starts, pauses, undoes and finishes a step from My Tasks; the job page shows the labour', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const order = await benchOrder(api, suffix);
  const firstName = `Rosa${suffix}`;
  const { email, password } = await jewellerWithStep(api, order.id, firstName, uniqueEmail('jeweller'));

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
