import type { Page } from '@playwright/test';

/** A keyboard-wedge scanner's pace: a key every few milliseconds (scanner-input.ts tells this from a person). */
const SCANNER_KEY_GAP_S = 0.005;

/**
 * Types `text` and Enter as a keyboard-wedge scanner does. Like the operating system with a real scanner's
 * keys, each key carries the time it was sent, a few milliseconds apart, so a test runner slowed down by a
 * loaded machine cannot turn one scan into two slow bursts.
 */
export async function scanWithWedge(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...text].map((key) => ({ key, text: key }));
  keys.push({ key: 'Enter', text: '\r' });
  try {
    for (const [index, { key, text: typed }] of keys.entries()) {
      const timestamp = start + index * SCANNER_KEY_GAP_S;
      const enter = key === 'Enter' ? { code: 'Enter', windowsVirtualKeyCode: 13 } : {};
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: typed, timestamp, ...enter });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        timestamp: timestamp + 0.001,
        ...enter,
      });
    }
  } finally {
    await cdp.detach();
  }
}
