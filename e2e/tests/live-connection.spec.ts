import type { Page, WebSocket } from '@playwright/test';
import { ADMIN, expect, signIn, test } from '../support/fixtures';

type TData<T> = { data: T };

// Spec §2: the realtime socket opens after sign-in and closes at sign-out, whatever signed-in route is open,
// the full-screen assistants (/jbh-ai, /jbh-ai-v2) included (issue 36 §1).

/** The page's Socket.IO websocket, once it is open. */
function liveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
}

/** Resolves when `ws` receives a Socket.IO event whose frame contains `text`. */
function frameWith(ws: WebSocket, text: string): Promise<void> {
  return new Promise((resolve) => {
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes(text)) resolve();
    });
  });
}

test('the live connection stays open from the dashboard into the assistant, and events reach it there', async ({
  page,
  api,
}) => {
  const opened = liveSocket(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  const ws = await opened;
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // Spec §7 user:online-count-changed, in the header.
  await expect(page.getByText(/^· \d+ online$/)).toBeVisible();

  // Into the full-screen assistant the way a person goes there: the sidebar's /ai item.
  await page.locator('nav a[href="/ai"]').first().click();
  await page.waitForURL('**/jbh-ai');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(ws.isClosed()).toBe(false);

  // An order created meanwhile is announced to every signed-in socket: this one, on /jbh-ai, hears it.
  const suffix = Date.now().toString(36);
  const heard = frameWith(ws, 'order:created');
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Ada Byron ${suffix}`,
    phone: '+1 555 010 2233',
  });
  await api.request('POST', '/orders', { customerId: customer.data.id, description: 'Signet ring' });
  await heard;
  expect(ws.isClosed()).toBe(false);
});

test('a signed-in visit that starts on /jbh-ai-v2 opens the live connection there', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  // Listening from the moment it opens: the server's first word to a new socket is how many are online. The
  // frame listener goes on in the 'websocket' event itself: one added a step later can miss that first frame.
  const opened = new Promise<{ ws: WebSocket; counted: Promise<void> }>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/socket.io/')) return;
      page.off('websocket', onSocket);
      resolve({ ws, counted: frameWith(ws, 'user:online-count-changed') });
    };
    page.on('websocket', onSocket);
  });
  await page.goto('/jbh-ai-v2');
  const { ws, counted } = await opened;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('enhanced');
  await counted;
  expect(ws.isClosed()).toBe(false);
});
