import { TV_PAGE_MS } from '@loupe/domain/tv/tv-displays';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

// Issue 37 §2: a wall TV cannot be scrolled, so a station with 30 pieces shows every one of them on the
// screen, page by page, within one rotation, rush and overdue first.

type TData<T> = { data: T };

const PIECES = 30;

type TScreenLook = { readonly page: number; readonly pageCount: number; readonly pieces: string[] };

/**
 * One look at the pieces at the station: the page shown and the numbers on it, read in one go (the screen
 * turns its pages and re-measures by itself, so reads made one after another could mix two states), each
 * piece checked to stand inside the screen.
 */
async function lookAtStation(page: Page): Promise<TScreenLook> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const look = await page.getByRole('region', { name: /^At this station/ }).evaluate((region) => {
    const indicator = [...region.querySelectorAll('span')]
      .map((span) => /^Page (\d+) of (\d+)$/.exec(span.textContent ?? ''))
      .find((match) => match !== null);
    const list = region.querySelector('ul[aria-label="Pieces at this station"]');
    return {
      page: Number(indicator?.[1] ?? 1),
      pageCount: Number(indicator?.[2] ?? 1),
      pieces: [...(list?.children ?? [])].map((item) => ({
        number: item.getAttribute('aria-label') ?? '',
        bottom: item.getBoundingClientRect().bottom,
      })),
    };
  });
  for (const { number, bottom } of look.pieces) {
    expect(bottom, `${number} below the bottom of the screen`).toBeLessThanOrEqual(viewport.height);
  }
  return { ...look, pieces: look.pieces.map((piece) => piece.number) };
}

/** The first page, as the screen shows it: if it has turned already, when it comes round again. */
async function lookAtFirstPage(page: Page): Promise<TScreenLook> {
  const look = await lookAtStation(page);
  if (look.page === 1) return look;
  const here = page.getByRole('region', { name: /^At this station/ });
  await expect(here.getByText(`Page 1 of ${look.pageCount}`)).toBeVisible({
    timeout: look.pageCount * TV_PAGE_MS + 2000,
  });
  return lookAtStation(page);
}

test('a station TV with 30 pieces fits 720p, 1080p and 4K without scrolling, and at 1080p shows each piece within one rotation', async ({
  page,
  api,
}) => {
  test.setTimeout(360_000);
  const suffix = Date.now().toString(36);
  // Hex, so every EPC is whole 16-bit words: E28011 + 6 of the clock + 4 of the index.
  const stamp = Date.now().toString(16).slice(-6).toUpperCase();
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Setting ${suffix}`,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    {
      name: 'Bench 7',
      jewelerName: 'Ines Ferraz',
    },
  );
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Mara Lind${suffix}`,
    phone: '+1 555 010 7788',
  });
  const numbers: string[] = [];
  for (let index = 0; index < PIECES; index += 1) {
    const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description: `Pavé band ${index + 1}`,
      isRush: index === PIECES - 1,
      priceCents: 180_000,
    });
    const epc = `E28011${stamp}${index.toString(16).toUpperCase().padStart(4, '0')}`;
    await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
    await api.request('POST', `/tracking/stations/${station.data.id}/scans`, { epc });
    numbers.push(order.data.orderNumber);
  }

  await signIn(page, ADMIN.email, ADMIN.password);
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/jeweler-tv/${station.data.id}`);
    await expect(page.getByRole('heading', { name: /At this station · 30/ })).toBeVisible();
    // The whole screen is the page: nothing to scroll to.
    const scroll = await page.evaluate(() => ({
      height: document.scrollingElement?.scrollHeight ?? 0,
      width: document.scrollingElement?.scrollWidth ?? 0,
    }));
    expect(scroll.height).toBeLessThanOrEqual(size.height);
    expect(scroll.width).toBeLessThanOrEqual(size.width);

    const first = await lookAtFirstPage(page);
    // The rush piece leads the first page, whatever its number.
    expect(first.page).toBe(1);
    expect(first.pieces[0]).toBe(numbers[PIECES - 1]);
    // The pieces here turn their own pages; "Coming next" may have pages of its own.
    const here = page.getByRole('region', { name: /^At this station/ });
    const seen = new Set(first.pieces);
    // One full rotation at 1080p (the case); the other sizes show that their first page fits.
    const turns = size.width === 1920 ? first.pageCount : 1;
    for (let turn = 2; turn <= turns; turn += 1) {
      await expect(here.getByText(`Page ${turn} of ${first.pageCount}`)).toBeVisible({
        timeout: TV_PAGE_MS + 2000,
      });
      const look = await lookAtStation(page);
      // Read within the page's 8 s; a look that came after the next turn says so rather than skip a page.
      expect(look.page, 'the page turned again before it was read').toBe(turn);
      for (const number of look.pieces) seen.add(number);
    }
    if (size.width !== 1920) continue;
    expect([...seen].sort()).toEqual([...numbers].sort());
    await saveScreenshot(page, { path: `${SCREENSHOTS}tv-station-30-pieces.png` });
  }
});
