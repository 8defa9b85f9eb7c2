import { expect, type Locator } from '@playwright/test';

/**
 * Chooses `option` in a Select (Radix) with the mouse, opening it first unless it is open already.
 *
 * Radix drops the first pointerup after the press that opened the list unless it saw the pointer move more
 * than 10 px since that press (a press, drag and release on the trigger must not choose). Its pointer
 * listeners are added in an effect once the list is drawn, and on a loaded machine Playwright's single move
 * to the option can come first: the option is highlighted, not chosen, and the list stays open (CI at a
 * load of 8, 2026-11-30). Radix forgets the opening press with that pointerup, so a second click chooses,
 * as it would for a person clicking again. A list still open after the second click fails the test.
 */
export async function chooseOption(
  combobox: Locator,
  option: string | RegExp,
  options: { readonly exact?: boolean } = {},
): Promise<void> {
  const page = combobox.page();
  // The open Select's trigger (components/ui/select.tsx), found by its state rather than through `combobox`:
  // an open Select hides the rest of the page (its dialog too) from role queries.
  const open = page.locator('[data-slot="select-trigger"][aria-expanded="true"]');
  if ((await open.count()) === 0) await combobox.click();
  await expect(open).toHaveCount(1);
  const listboxId = await open.getAttribute('aria-controls');
  if (!listboxId) throw new Error('the open Select names no listbox (aria-controls)');
  const listbox = page.locator(`[id="${listboxId}"]`);
  const item = listbox.getByRole('option', { name: option, exact: options.exact ?? false });
  await item.click();
  // Radix closes the list in the same task as a pointerup it accepts: still open means dropped.
  if (await listbox.isVisible()) await item.click();
  await expect(listbox).toBeHidden();
  await expect(open).toHaveCount(0);
}
