import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { chooseOption } from '../support/select';

// Issue 35 §5: one date and number format, the workshop's locale and zone from Settings › general, whatever the
// browser's. The browser here sits in London; the workshop is in New York and writes dates the British way.

type TData<T> = { data: T };
type TCalendar = { timeZone: string } & Record<string, unknown>;

test.use({ timezoneId: 'Europe/London', locale: 'en-US' });

test("a job's dates read in the workshop's locale, set and changed in Settings › general", async ({
  page,
  api,
}) => {
  const calendar = await api.request<TData<TCalendar>>('GET', '/workflow/calendar');
  try {
    await api.request('PUT', '/workflow/calendar', { ...calendar.data, timeZone: 'America/New_York' });
    await api.request('PUT', '/settings/general', { locale: 'en-GB' });
    const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
      name: `Ada Lovelace ${Date.now().toString(36)}`,
      phone: '+1 555 010 1815',
    });
    // Due the day New York moves its clocks forward.
    const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description: 'Sapphire pendant',
      promisedDate: '2026-03-08',
    });

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/orders/${order.data.id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('8 Mar 2026').first()).toBeVisible();
    await expect(main.getByText('Mar 8, 2026')).toHaveCount(0);

    // Back to American order through the form; the open app follows without a reload.
    await page.goto('/settings/general');
    const locale = page.getByRole('combobox', { name: 'Locale' });
    await expect(locale).toHaveText('British English · en-GB');
    await chooseOption(locale, 'American English · en-US');
    await expect(locale).toHaveAccessibleDescription(/^Reads like: Mar 8, 2026 · 1,234\.5 · \$1,250\.00$/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('General settings saved').first()).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.getByRole('link', { name: order.data.orderNumber }).first().click();
    await expect(page.getByRole('main').getByText('Mar 8, 2026').first()).toBeVisible();
  } finally {
    // The server is shared with the worker's next test files.
    await api.request('PUT', '/workflow/calendar', calendar.data);
    await api.request('PUT', '/settings/general', { locale: 'en-US' });
  }
});
