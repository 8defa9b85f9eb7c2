import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, signIn, test } from '../support/fixtures';

// Issue 42 §1: Settings › general › Backups makes a backup of the running server on request and lists it
// with its time, size and checksum (the progress is polled while it runs).

test('an admin backs the server up from Settings › general and finds it listed with its size and checksum', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/general');
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Backups' }) });
  const rows = card.getByRole('table', { name: 'Backups' }).getByRole('row');
  await expect(card.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  // The header row, and any backup an earlier test of this server made.
  const before = (await card.getByText('No backups yet.').isVisible()) ? 0 : (await rows.count()) - 1;

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup started', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(before + 2, { timeout: 30_000 });
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  const newest = rows.nth(1);
  await expect(newest).toContainText(/loupe-\d{4}-\d{2}-\d{2}T/);
  await expect(newest).toContainText(/\d+\.\d (KiB|MiB)/);
  await expect(newest.locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  // Settings › general with its backups listed, by axe.
  await expectNoSeriousA11yViolations(page);
});
