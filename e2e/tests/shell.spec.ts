import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, setTheme, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

test('the sign-in screens have no serious accessibility violations', async ({ page }) => {
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/verify-email',
    '/reset-password?token=x',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('button').last()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('the signed-in shell has no serious accessibility violations, light and dark', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectNoSeriousA11yViolations(page);
  await setTheme(page, 'Light');
  await expectNoSeriousA11yViolations(page);
});

test('signing in works by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).focus();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  // Keyboard reaches the navigation too.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Orders' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
});

test('a signed-in reload keeps the spinner until the screen and logs no warning', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  // What the page shows after each of React's commits, until the screen is drawn: never an empty page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { firstLoadFrames: string[] }).firstLoadFrames = seen;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (root) seen.push(root.childElementCount === 0 ? 'empty' : 'drawn');
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/dashboard', '/orders']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const frames = await page.evaluate(
      () => (window as unknown as { firstLoadFrames: string[] }).firstLoadFrames,
    );
    expect(frames, path).not.toContain('empty');
  }
  expect(logged).toEqual([]);
});

test('the theme choice survives a reload; dark is the default', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await setTheme(page, 'Light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('admin-ui-theme'))).toContain('light');
});

test('Ctrl+B collapses and expands the sidebar and remembers it in a cookie', async ({ page, context }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const analytics = page.getByRole('link', { name: 'Workflow Analytics' });
  await expect(analytics).toBeVisible();
  await page.keyboard.press('Control+b');
  // Collapsed to icons: the Workflow & Analytics group is hidden (spec §2).
  await expect(analytics).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  await page.keyboard.press('Control+b');
  await expect(analytics).toBeVisible();
});

test('the login page and the shell fit a 375 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  const overflowsLogin = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflowsLogin).toBe(false);
  await signIn(page, ADMIN.email, ADMIN.password);
  const overflowsShell = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflowsShell).toBe(false);
  await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
  await expect(page.getByRole('link', { name: 'Orders' })).toBeVisible();
});

test('screenshots of the login page and the shell, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}login-dark.png` });
  // The signed-out screens cycle the theme with one button: dark → light.
  await page.getByRole('button', { name: /^Theme: dark/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await saveScreenshot(page, { path: `${SCREENSHOTS}login-light.png` });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}shell-light.png` });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}shell-dark.png` });
});
