import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { paintTheme, type TData } from '../support/workshop';

// Issue 15 §6: a job's public tracking link opens without signing in and shows only what a customer may
// see; revoking it takes the page away.

test('a customer opens the tracking link without signing in, sees the stage and the shop, and a revoked link stops working', async ({
  page,
  browser,
  api,
}) => {
  const suffix = Date.now().toString(36);
  await api.request('PUT', '/settings/general', {
    shopPhone: '+1 555 010 7788',
    shopEmail: 'hello@atelier.test',
    shopAddressLines: ['12 Goldsmith Row', 'Springfield, IL 62701'],
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Dorothy Hodgkin ${suffix}`,
    phone: '+44 20 7946 0999',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Sapphire pendant, secret design',
    promisedDate: '2031-03-14',
    priceCents: 123_456,
    notes: 'Staff only: a surprise for her anniversary',
  });
  await api.request('PATCH', `/orders/${order.data.id}`, { status: 'in_production' });

  // Staff create the link on the order's page.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/orders/${order.data.id}`);
  await page.getByRole('button', { name: 'Create tracking link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Tracking link' });
  await expect(linkBox).toHaveValue(/\/t\/[A-Za-z0-9_-]{22,}$/);
  const url = await linkBox.inputValue();
  const path = new URL(url).pathname;

  // The customer: a phone-sized browser with nobody signed in.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customerContext.newPage();
  await phone.goto(path);
  await expect(phone).toHaveURL(new RegExp(`${path}$`));
  await expect(phone.getByRole('heading', { level: 1, name: 'In the workshop' })).toBeVisible();
  await expect(phone.getByText(order.data.orderNumber)).toBeVisible();
  await expect(phone.getByText('Mar 14, 2031')).toBeVisible();
  await expect(phone.getByRole('link', { name: '+1 555 010 7788' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'hello@atelier.test' })).toBeVisible();
  await expect(phone.getByText('12 Goldsmith Row')).toBeVisible();
  const text = await phone.locator('body').innerText();
  for (const secret of ['1,234.56', 'Sapphire', 'anniversary', 'Dorothy', 'Sign in']) {
    expect(text).not.toContain(secret);
  }
  await paintTheme(phone, 'dark');
  await expect(phone.getByRole('heading', { level: 1, name: 'In the workshop' })).toBeVisible();
  await saveScreenshot(phone, { path: `${SCREENSHOTS}public-tracking-dark.png`, fullPage: true });
  await paintTheme(phone, 'light');
  await expect(phone.getByRole('heading', { level: 1, name: 'In the workshop' })).toBeVisible();
  await saveScreenshot(phone, { path: `${SCREENSHOTS}public-tracking-light.png`, fullPage: true });

  // Revoked on the order's page: the customer's page says the link is no longer valid.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByRole('button', { name: 'Create tracking link' })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This tracking link is not valid' })).toBeVisible();
  const answer = await phone.request.get(`/api/v1/public/tracking/${path.split('/').pop()}`);
  expect(answer.status()).toBe(404);
  expect((await answer.json()).code).toBe('TRACKING_LINK_NOT_FOUND');
  await customerContext.close();
});

async function setAppTheme(page: Page, theme: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
}

test('Settings › customer messages previews a template live; "ask" sends from the job page into the outbox', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  await api.request('PUT', '/settings/customer-messages', { sendMode: 'ask' });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Lise Meitner ${suffix}`,
    phone: '+43 1 555 0199',
    contactPreferences: ['sms'],
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Platinum band',
    promisedDate: '2031-05-02',
  });

  // Tall enough for the whole section: a full-page shot would cut through the sticky shell.
  await page.setViewportSize({ width: 1280, height: 1700 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/customer-messages');
  const sms = page.getByRole('textbox', { name: 'SMS' });
  await sms.fill('Hello {{customerFirstName}}, {{jobNumber}} is with {{shopName}}.');
  await expect(page.getByTestId('sms-preview')).toHaveText('Hello Ada, ORD-00042 is with Your shop.');
  await expect(page.getByText('not set')).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}customer-messages-settings-dark.png` });
  await setAppTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}customer-messages-settings-light.png` });
  // Left unsaved: the workshop's templates stay as they were.
  await page.reload();

  // With "ask", the order's page sends the message its stage calls for, after a preview.
  await page.goto(`/orders/${order.data.id}`);
  await page.getByRole('button', { name: 'Send message to customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send message to customer' });
  const preview = dialog.getByRole('region', { name: 'Message preview' });
  await expect(preview).toContainText(`Hi Lise, Loupe has received your order ${order.data.orderNumber}.`);
  await expect(preview).toContainText('No E-mail: The customer has not agreed to be contacted this way.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/settings/customer-messages');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const row = page
    .getByRole('list', { name: 'Customer messages' })
    .getByRole('listitem', { name: `${order.data.orderNumber} Received by SMS` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Queued');
  // No SMS sender is configured here: the outbox says what it waits for.
  await expect(row).toContainText('Waiting for an SMS sender', { timeout: 15_000 });
  await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}customer-messages-outbox-light.png` });
  await setAppTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}customer-messages-outbox-dark.png` });
});
