import { expect, test } from '@playwright/test';
import { startLoupe, type TLoupeServer } from '../support/loupe-server';
import { chooseOption } from '../support/select';

// Issue 4's "done when", on a brand-new installation with no bootstrap admin and no mail server:
// the first person registers (and becomes admin, verified at once: codes never go to the log, issue 20 §3),
// signs in, invites a designer, and the designer sees exactly the designer's navigation.
let server: TLoupeServer;
test.beforeAll(async () => {
  server = await startLoupe({ bootstrapAdmin: false });
});
test.afterAll(async () => server.stop());

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

test('the first account becomes admin and invites a colleague who sees their own navigation', async ({
  page,
}) => {
  const owner = { email: 'founder@newshop.test', password: 'cut clarity colour carat' };
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Full name').fill('Fiona Founder');
  await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, owner.email, owner.password);
  // Only an admin sees RFID Mapping.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'RFID Mapping' })).toBeVisible();

  await page.goto(`${server.url}/settings/users`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill('dana@newshop.test');
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Designer');
  await chooseOption(dialog.getByLabel('Role'), 'Designer');
  const temporaryPassword = await dialog.getByLabel('Temporary password').inputValue();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('dana@newshop.test')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'dana@newshop.test', temporaryPassword);
  // The shell is lazy-loaded after the redirect: wait for its navigation before reading it.
  await expect(navigation.getByRole('link').first()).toBeVisible();
  const hrefs = await navigation
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(hrefs).toEqual([
    '/dashboard',
    '/my-tasks',
    '/ai',
    '/orders',
    // Issue 39: every role sees the bags between the workshop, its stores and its vendors.
    '/transfers',
    '/designer-workspace',
    '/alerts',
    '/settings',
  ]);
});
