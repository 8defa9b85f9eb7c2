import { expect, setTheme, signIn, test, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { benchOrder, benchWorkAround, jewellerWithStep } from '../support/work-time';

// Issue 37 §1: a bench person lands on their work: "My work" first on the dashboard, with their step, the
// pieces at their stations and what comes there next; the bell's "New task" leads to My Tasks.

test('a production jeweller with a step lands on My work: the step, the pieces at the bench, what comes next', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const order = await benchOrder(api, suffix);
  const { waiting, coming } = await benchWorkAround(api, suffix, order);
  const jeweller = await jewellerWithStep(api, order.id, `Pia${suffix}`, uniqueEmail('bench'));

  await signIn(page, jeweller.email, jeweller.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const main = page.getByRole('main');

  // "My work" is the dashboard's first card, above the rest of it.
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText('My work');

  // The step given to them.
  const steps = main.getByRole('list', { name: 'My work' });
  await expect(steps.getByRole('link', { name: order.orderNumber })).toBeVisible();
  await expect(steps).toContainText('Stone setting');

  // The pieces at their station: the one they work on and the one waiting beside it.
  const here = main.getByRole('list', { name: /^At your stations/ });
  await expect(here.getByRole('link', { name: order.orderNumber })).toBeVisible();
  const waitingRow = here
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: waiting.orderNumber }) });
  await expect(waitingRow).toContainText('Bench 1');
  await expect(waitingRow).toContainText(/here \d+ min/);

  // Coming next: the rush order cast in the kiosk's department, before the bench.
  const next = main.getByRole('list', { name: 'Coming next' });
  const comingRow = next
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: coming.orderNumber }) });
  await expect(comingRow).toContainText('for Stone setting');
  await expect(comingRow).toContainText('Now Casting at Kiln');
  await expect(comingRow).toContainText('Rush');
  await expect(next.getByRole('listitem')).toHaveCount(1);

  // Screenshots: light, dark, and on a phone.
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}bench-dashboard-light.png` });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}bench-dashboard-dark.png` });
  await setTheme(page, 'Light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(comingRow).toBeVisible();
  // Nothing wider than the phone, once React has laid the shell out for it (polled: the sidebar goes).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, { path: `${SCREENSHOTS}bench-dashboard-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The bell's "New task" notice leads to My Tasks, where the step is done.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: new RegExp(`New task: ${order.orderNumber}`) })
    .click();
  await expect(page).toHaveURL(/\/my-tasks$/);
  // The address changes before the screen does (React Router keeps the dashboard while My Tasks loads, and
  // the dashboard links the order twice): the heading first, then the task.
  await expect(main.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
  await expect(main.getByRole('link', { name: order.orderNumber })).toBeVisible();
});
