import { expect, signIn, test, uniqueEmail } from '../support/fixtures';

type TData<T> = { data: T };
type TDepartment = { id: string; name: string; stations: { id: string; name: string }[] };
type TStats = { activeOrders: number; totalTracked: number; departmentCounts: Record<string, number> };

/** A department with one station, set up the way the /departments screen does it (API, as an admin). */
async function departmentWithStation(
  api: import('../support/api').LoupeApi,
  name: string,
  station: string,
): Promise<{ departmentId: string; stationId: string }> {
  const department = await api.request<TData<TDepartment>>('POST', '/departments', { name });
  const created = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    {
      name: station,
    },
  );
  return { departmentId: department.data.id, stationId: created.data.id };
}

test('a manager enters an order, tags it and watches it move through the workshop', async ({ page, api }) => {
  const suffix = Date.now().toString(36);
  const casting = await departmentWithStation(api, `Casting ${suffix}`, 'Bench 1');
  const polishing = await departmentWithStation(api, `Polishing ${suffix}`, 'Wheel 2');
  const email = uniqueEmail('manager');
  const password = 'temporary manager passphrase';
  await api.inviteUser({ email, role: 'manager', temporaryPassword: password });
  const statsBefore = (await api.request<TData<TStats>>('GET', '/tracking/stats')).data;

  await signIn(page, email, password);

  // The registry as the manager sees it.
  await page.goto('/departments');
  const castingCard = page.getByRole('article', { name: `Casting ${suffix}` });
  await expect(castingCard).toBeVisible();
  await expect(castingCard.getByText('Bench 1')).toBeVisible();

  // A new order for a new customer.
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'New customer' }).click();
  const customerDialog = page.getByRole('dialog');
  await customerDialog.getByRole('textbox', { name: 'Name' }).fill(`Ada Lovelace ${suffix}`);
  await customerDialog.getByRole('textbox', { name: 'Phone' }).fill('+1 555 010 2030');
  await customerDialog.getByRole('button', { name: 'Save customer' }).click();
  await expect(customerDialog).toBeHidden();
  await page.getByLabel('Description').fill('Platinum solitaire, 1.2 ct, size 6');
  await page.getByLabel('Price (USD)').fill('4800');
  await page.getByLabel('Deposit (USD)').fill('1000');
  await page.getByRole('button', { name: 'Create order' }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  // The URL changes before the detail screen has loaded: wait for its heading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^ORD-\d{5}/);

  // A tag typed the way a reader prints it is normalized and assigned.
  await page.getByLabel('Tag EPC').fill('e2 80 11 60 60 00 02 08');
  await page.getByRole('button', { name: 'Assign tag' }).click();
  const epcCode = 'E280116060000208';
  await expect(page.getByText(epcCode).first()).toBeVisible();

  // A reader at Casting sees it: the open page follows without a reload.
  const moved = await api.request<TData<{ locationChanged: boolean }>>(
    'POST',
    '/tracking/orders/update-location',
    {
      orderId,
      epcCode,
      departmentId: casting.departmentId,
      stationId: casting.stationId,
      readerId: 'bench-reader',
      antennaNumber: 1,
    },
  );
  expect(moved.data.locationChanged).toBe(true);
  await expect(page.getByText(`Casting ${suffix} - Bench 1`).first()).toBeVisible({ timeout: 10_000 });

  await api.request('POST', '/tracking/orders/update-location', {
    orderId,
    epcCode,
    departmentId: polishing.departmentId,
    stationId: polishing.stationId,
  });
  await expect(page.getByText(`Polishing ${suffix} - Wheel 2`).first()).toBeVisible({ timeout: 10_000 });
  // The timeline keeps both arrivals, newest first.
  const timeline = page.getByRole('list', { name: /timeline/i });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText(`Polishing ${suffix}`);

  // The stats count it where it is now.
  const statsAfter = (await api.request<TData<TStats>>('GET', '/tracking/stats')).data;
  expect(statsAfter.activeOrders).toBe(statsBefore.activeOrders + 1);
  expect(statsAfter.departmentCounts[`Polishing ${suffix}`]).toBe(1);
  expect(statsAfter.departmentCounts[`Casting ${suffix}`]).toBeUndefined();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('list', { name: 'By department' }).getByText(`Polishing ${suffix}`),
  ).toBeVisible();

  // The change history names who created the order.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText(/created/i).first()).toBeVisible();
});

test('a salesperson cannot manage repairs and an operator cannot create orders', async ({
  page,
  api,
  browser,
}) => {
  const salesEmail = uniqueEmail('salesperson');
  const operatorEmail = uniqueEmail('operator');
  await api.inviteUser({
    email: salesEmail,
    role: 'salesperson',
    temporaryPassword: 'temporary sales passphrase',
  });
  await api.inviteUser({
    email: operatorEmail,
    role: 'operator',
    temporaryPassword: 'temporary operator passphrase',
  });

  await signIn(page, salesEmail, 'temporary sales passphrase');
  await page.goto('/repairs');
  await expect(page.getByRole('heading', { level: 1, name: 'Repairs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New repair' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New repair' })).toHaveCount(0);
  await page.goto('/repairs/new');
  await expect(page.getByRole('heading', { name: "You can't take in repairs" })).toBeVisible();

  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await signIn(operatorPage, operatorEmail, 'temporary operator passphrase');
  await operatorPage.goto('/orders');
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(operatorPage.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await expect(operatorPage.getByRole('button', { name: 'New order' })).toHaveCount(0);
  await operatorPage.goto('/orders/new');
  await expect(operatorPage.getByRole('heading', { name: "You can't create orders" })).toBeVisible();
  await operatorContext.close();
});
