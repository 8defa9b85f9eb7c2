import { ADMIN, expect, setTheme, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

// Issue 16: the assistant answers from live data, streamed, and an action from its answer runs after a confirm.

type TData<T> = { data: T };

test('the enhanced assistant streams where an order is, with its steps, and marks it expected offsite after a confirm', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Assay ${suffix}`,
  });
  const stationName = `Loupe bench ${suffix}`;
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    {
      name: stationName,
    },
  );
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Beatrix Quill ${suffix}`,
    phone: '+1 555 010 9911',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Opal cocktail ring, size 7',
  });
  const epc = `E2801171${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
  await api.request('POST', '/tracking/orders/update-location', {
    orderId: order.data.id,
    epcCode: epc,
    departmentId: department.data.id,
    stationId: station.data.id,
  });
  const number = order.data.orderNumber;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/jbh-ai-v2');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('enhanced');

  const streamed = page.waitForResponse((response) =>
    /\/assistant\/conversations\/[^/]+\/messages$/.test(response.url()),
  );
  await page.getByRole('textbox', { name: 'Your question' }).fill(`where is ${number}?`);
  await page.getByRole('button', { name: 'Ask' }).click();
  const response = await streamed;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const events = (await response.text()).split('\n\n').filter((block) => block.startsWith('data: '));
  // Steps, then the answer in several pieces, then the stored message.
  expect(events.filter((block) => block.includes('"type":"delta"')).length).toBeGreaterThan(1);
  expect(events.at(-1)).toContain('"type":"done"');

  const answer = page.getByTestId('assistant-answer').last();
  // The stream's headers come first; the answer is complete when its last event has arrived.
  await expect(answer).toContainText(
    `${number} (Beatrix Quill ${suffix} — Opal cocktail ring, size 7) is at ${stationName}`,
    { timeout: 30_000 },
  );
  // Streamed text shows first; the stored answer (with its table and actions) replaces it when complete.
  await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(answer.getByRole('list', { name: 'Steps' })).toContainText('job_location');
  await expect(answer.getByRole('table')).toContainText(stationName);
  await expect(answer.getByRole('link', { name: number }).first()).toHaveAttribute(
    'href',
    `/orders/${order.data.id}`,
  );
  // The conversation is kept, titled with the question.
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toContainText(`where is ${number}?`);
  // The question shows once in the chat, whether it comes from the stored conversation or is still pending.
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(`where is ${number}?`, { exact: true })).toHaveCount(1);
  await expect(chat.getByTestId('assistant-answer')).toHaveCount(1);

  await saveScreenshot(page, { path: `${SCREENSHOTS}assistant-v2-dark.png`, fullPage: true });
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}assistant-v2-light.png`, fullPage: true });

  await answer.getByRole('button', { name: `Mark ${number} as expected offsite` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Mark ${number} as expected offsite?`);
  await dialog.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Marked as expected offsite.', { exact: true })).toBeVisible();
  const tracked = await api.request<TData<{ expectedOffsite: boolean }>>(
    'GET',
    `/tracking/orders/${order.data.id}`,
  );
  expect(tracked.data.expectedOffsite).toBe(true);
});

test('the simple assistant says plainly when it does not understand and suggests questions', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/ai');
  await expect(page).toHaveURL(/\/jbh-ai$/);
  await page.getByRole('textbox', { name: 'Your question' }).fill('blorp <img src=x onerror=alert(1)>');
  await page.keyboard.press('Enter');
  const answer = page.getByTestId('assistant-answer').last();
  await expect(answer).toContainText("I didn't understand that question.", { timeout: 30_000 });
  await expect(answer.getByRole('button', { name: 'What is offsite?' })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await saveScreenshot(page, { path: `${SCREENSHOTS}assistant-light.png`, fullPage: true });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}assistant-dark.png`, fullPage: true });
});
