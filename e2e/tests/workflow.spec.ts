import type { Browser } from '@playwright/test';
import type { LoupeApi } from '../support/api';
import { ADMIN, expect, setTheme, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

// Issue 12: the Command Center, My Tasks and nudges, as the people using them see them.

type TData<T> = { data: T };
type TTemplate = { id: string; kind: string; productTypeId: string | null };

/** Casting and polishing departments with a station each, made the order workflow's first two phases. */
async function workshop(api: LoupeApi, suffix: string) {
  const place = async (name: string, station: string) => {
    const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
      name: `${name} ${suffix}`,
    });
    const made = await api.request<TData<{ id: string }>>(
      'POST',
      `/departments/${department.data.id}/stations`,
      {
        name: station,
      },
    );
    return { departmentId: department.data.id, stationId: made.data.id };
  };
  const casting = await place('Casting', 'Casting machine');
  const polishing = await place('Polishing', 'Polishing lathe');
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
    phases: [
      phase('casting', 'Casting', [casting.departmentId]),
      phase('polishing', 'Polishing', [polishing.departmentId]),
      phase('qa', 'Quality check', []),
    ],
  });
  return { casting, polishing };
}

/** A tagged order read at `place`: its card sits in that place's phase. */
async function orderAt(api: LoupeApi, suffix: string, place: { departmentId: string; stationId: string }) {
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Abigail Foster ${suffix}`,
    phone: '+1 555 010 4477',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Sapphire halo ring, size 6',
    isRush: true,
  });
  const epc = `E2801170${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
  await read(api, order.data.id, epc, place);
  return { ...order.data, epc };
}

async function read(
  api: LoupeApi,
  orderId: string,
  epcCode: string,
  place: { departmentId: string; stationId: string },
) {
  await api.request('POST', '/tracking/orders/update-location', { orderId, epcCode, ...place });
}

/** A production jeweller signed in on a page of their own. */
async function jeweller(browser: Browser, api: LoupeApi, firstName: string) {
  const email = uniqueEmail('jeweller');
  const password = 'bench work every day';
  await api.inviteUser({ email, role: 'production', temporaryPassword: password, firstName });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { page, name: `${firstName} Tester`, close: () => context.close() };
}

test('a manager assigns a phase and the jeweller’s My Tasks shows it at once; a read moves the card on the open board', async ({
  page,
  api,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const places = await workshop(api, suffix);
  const order = await orderAt(api, suffix, places.casting);
  const marco = await jeweller(browser, api, `Marco${suffix}`);

  await marco.page.goto('/my-tasks');
  await expect(marco.page.getByRole('heading', { name: 'Nothing assigned to you' })).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/workflow-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflow Command Center' })).toBeVisible();
  await expect(page.getByText('Smart automation • One-click actions • Zero busywork')).toBeVisible();
  const casting = page.getByRole('region', { name: /^Casting: / });
  const card = casting.getByRole('article', { name: new RegExp(`^${order.orderNumber},`) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Rush')).toBeVisible();

  await card.getByRole('button', { name: `Assign ${order.orderNumber}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${marco.name}`) }).click();
  await expect(card.getByText(marco.name)).toBeVisible();

  // Live: the jeweller's open list shows the new task without a reload, and a toast says so.
  await expect(marco.page.getByRole('link', { name: order.orderNumber })).toBeVisible();
  await expect(toastOf(marco.page, 'New task for you')).toBeVisible();

  // A read at the next phase's station moves the card on the open board.
  await read(api, order.id, order.epc, places.polishing);
  const polishing = page.getByRole('region', { name: /^Polishing: / });
  await expect(polishing.getByRole('article', { name: new RegExp(`^${order.orderNumber},`) })).toBeVisible();
  await expect(casting.getByRole('article', { name: new RegExp(`^${order.orderNumber},`) })).toHaveCount(0);

  await setTheme(page, 'Light');
  await saveScreenshot(page, {
    path: `${SCREENSHOTS}workflow-dashboard-light.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, {
    path: `${SCREENSHOTS}workflow-dashboard-dark.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await marco.close();
});

test('a nudge reaches the assignee once, and the task is done from My Tasks', async ({
  page,
  api,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const places = await workshop(api, suffix);
  const order = await orderAt(api, suffix, places.casting);
  const hannah = await jeweller(browser, api, `Hannah${suffix}`);
  const people = await api.request<TData<{ id: string; name: string }[]>>('GET', '/workflow/people');
  const assignee = people.data.find((person) => person.name === hannah.name);
  if (!assignee) throw new Error('the jeweller is not offered for assignments');
  await api.request('POST', '/workflow/assignments', {
    kind: 'order',
    itemId: order.id,
    assigneeId: assignee.id,
  });

  await hannah.page.goto('/my-tasks');
  await expect(hannah.page.getByRole('link', { name: order.orderNumber })).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/workflow-dashboard');
  const card = page.getByRole('article', { name: new RegExp(`^${order.orderNumber},`) });
  await card.getByRole('button', { name: `Nudge ${hannah.name} about ${order.orderNumber}` }).click();
  await expect(toastOf(page, `${hannah.name} got a nudge`)).toBeVisible();

  const nudge = toastOf(hannah.page, `${order.orderNumber} (Casting) needs your attention.`);
  await expect(nudge).toHaveCount(1);

  await setTheme(hannah.page, 'Light');
  await saveScreenshot(hannah.page, {
    path: `${SCREENSHOTS}my-tasks-light.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await setTheme(hannah.page, 'Dark');
  await saveScreenshot(hannah.page, {
    path: `${SCREENSHOTS}my-tasks-dark.png`,
    fullPage: true,
    animations: 'disabled',
  });

  await hannah.page.getByRole('button', { name: `Mark Casting of ${order.orderNumber} done` }).click();
  await expect(hannah.page.getByRole('heading', { name: 'Nothing assigned to you' })).toBeVisible();
  // Done by its assignee: the job moves on to the next phase on the manager's open board.
  await expect(
    page
      .getByRole('region', { name: /^Polishing: / })
      .getByRole('article', { name: new RegExp(`^${order.orderNumber},`) }),
  ).toBeVisible();
  await hannah.close();
});
