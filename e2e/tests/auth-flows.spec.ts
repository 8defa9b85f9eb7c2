import { ADMIN, expect, signIn, test, uniqueEmail } from '../support/fixtures';

test.describe('redirects', () => {
  test('a signed-out visitor is sent to /login from any other path', async ({ page }) => {
    for (const path of ['/orders', '/settings/users', '/no-such-page', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a signed-in user is sent from /login and /register to /dashboard, and /ai to /jbh-ai', async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await page.goto('/ai');
    await expect(page).toHaveURL(/\/jbh-ai$/);
  });
});

test('register, verify the e-mail with the mailed code, then sign in', async ({ page, api }) => {
  await api.setSelfRegistration(true);
  const email = uniqueEmail('newcomer');
  const password = 'a ring of white gold';
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Nora Newcomer');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);

  const mail = await api.latestMailTo(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByLabel('Verification code').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('forgot password, reset through the mailed link, sign in with the new password', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('forgetful');
  await api.inviteUser({ email, role: 'designer', temporaryPassword: 'the first passphrase' });
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();

  const mail = await api.latestMailTo(email);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await page.getByLabel('New password', { exact: true }).fill('the second passphrase');
  await page.getByLabel('Confirm new password').fill('the second passphrase');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, 'the second passphrase');
});

test('logout ends the session and returns to /login', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.includes('Cognito')),
  );
  expect(stored).toEqual([]);
  // The profile remembered for a quick reload goes with the session.
  expect(await page.evaluate(() => localStorage.getItem('loupe.rememberedProfile'))).toBeNull();
});

test('an unknown path inside the app shows the not-found page', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a route the role may not see shows Access Denied', async ({ page, api }) => {
  const email = uniqueEmail('qa');
  await api.inviteUser({ email, role: 'qa', temporaryPassword: 'quality first always' });
  await signIn(page, email, 'quality first always');
  await page.goto('/workflow-dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to view this dashboard.")).toBeVisible();
});
