import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from '../support/fixtures';

// Issue 15 §6: a job's public tracking link opens without signing in and shows only what a customer may
// see; revoking it takes the page away.

const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;
const THEME_STORAGE_KEY = 'admin-ui-theme';

type TData<T> = { data: T };

async function paintTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  await page.reload();
}

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
  await phone.screenshot({ path: `${SCREENSHOTS}public-tracking-dark.png`, fullPage: true });
  await paintTheme(phone, 'light');
  await expect(phone.getByRole('heading', { level: 1, name: 'In the workshop' })).toBeVisible();
  await phone.screenshot({ path: `${SCREENSHOTS}public-tracking-light.png`, fullPage: true });

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
