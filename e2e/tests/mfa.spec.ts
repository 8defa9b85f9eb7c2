import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, setTheme, signIn, test, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

const PASSWORD = 'a clasp of rose gold';

const PERIOD_MS = 30_000;

/** The code an authenticator app would show now for the setup key the page displays. */
function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * PERIOD_MS,
  });
}

/**
 * A code the server takes now, of a later step than any code used before (`used`). The server accepts a
 * step one either side of its own and each step at most once, later than the last one accepted (replay
 * protection): so up to three codes in a row without waiting — the previous step's, this one's, the next
 * one's. The previous step is skipped in the last 5 s of a period, when it could expire on its way; only a
 * fourth code within one period waits for the next.
 */
async function freshCode(secret: string, used: { lastStep: number }): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / PERIOD_MS);
    const earliest = now % PERIOD_MS < PERIOD_MS - 5_000 ? step - 1 : step;
    const next = Math.max(used.lastStep + 1, earliest);
    if (next <= step + 1) {
      used.lastStep = next;
      return codeFor(secret, next - step);
    }
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (now % PERIOD_MS) + 100));
  }
}

async function setupKeyOf(page: Page): Promise<string> {
  const key = (await page.getByTestId('totp-setup-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  return key;
}

/** Light and dark pictures of a signed-out screen (it has no theme toggle): the theme class, switched. */
async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((next) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(next);
    }, theme);
    await saveScreenshot(page, { path: `${SCREENSHOTS}${name}-${theme}.png` });
  }
}

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a user turns on an authenticator app in their settings, then signs in with its code', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('enrolled');
  await api.inviteUser({ email, role: 'manager', temporaryPassword: PASSWORD });
  await signIn(page, email, PASSWORD);

  await page.goto('/settings/profile');
  const card = page
    .getByText('Two-step sign-in', { exact: true })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await setupKeyOf(page);
  const used = { lastStep: 0 };
  // One more than the right code (modulo a million): certainly wrong now.
  const wrong = String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0');
  await card.getByLabel('Code from the app').fill(wrong);
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('That code is not right. Check the app and try again.')).toBeVisible();
  await card.getByLabel('Code from the app').fill(await freshCode(secret, used));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  // A full-page picture from the top: scrolled, the sticky shell lands mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, { path: `${SCREENSHOTS}two-step-settings-dark.png`, fullPage: true });
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}two-step-settings-light.png`, fullPage: true });
  await setTheme(page, 'Dark');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await passwordStep(page, email);
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  await screenshotBothThemes(page, 'sign-in-totp-code');
  await code.fill(await freshCode(secret, used));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('an admin requires two-step sign-in for a role; its member enrols at sign-in, then this browser is remembered', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('required');
  await api.inviteUser({ email, role: 'production', temporaryPassword: PASSWORD });
  await api.request('PUT', '/settings/security', { mfaRequiredRoles: ['production'] });
  try {
    await passwordStep(page, email);
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await screenshotBothThemes(page, 'sign-in-mfa-setup-choice');
    await page.getByRole('button', { name: /Authenticator app/ }).click();

    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await setupKeyOf(page);
    await screenshotBothThemes(page, 'sign-in-totp-setup');
    const used = { lastStep: 0 };
    await page.getByLabel('Code from the app').fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dashboard');

    // The invitation's first sign-in named the account by its id (NEW_PASSWORD_REQUIRED, as Cognito does), so
    // Amplify kept that device under the id; a sign-in by e-mail confirms this browser (ConfirmDevice) ...
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, email);
    await page.getByLabel('Authenticator code').fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dashboard');

    // ... and from then on a sign-in here needs only the password.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, email);
    await page.waitForURL('**/dashboard');

    // Another browser is still asked for the code.
    const elsewhere = await page.context().browser()?.newPage();
    if (!elsewhere) throw new Error('no second browser page');
    await passwordStep(elsewhere, email);
    await expect(elsewhere.getByLabel('Authenticator code')).toBeVisible();
    await elsewhere.getByLabel('Authenticator code').fill(await freshCode(secret, used));
    await elsewhere.getByRole('button', { name: 'Confirm' }).click();
    await elsewhere.waitForURL('**/dashboard');
    await elsewhere.close();
  } finally {
    await api.request('PUT', '/settings/security', { mfaRequiredRoles: [] });
  }
});

test('Settings › security chooses the roles that must use two-step sign-in', async ({ page, api }) => {
  const email = uniqueEmail('security-admin');
  await api.inviteUser({ email, role: 'admin', temporaryPassword: PASSWORD });
  await signIn(page, email, PASSWORD);
  await page.goto('/settings/security');
  const qa = page.getByRole('checkbox', { name: 'QA' });
  await qa.check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Security settings saved').first()).toBeVisible();
  try {
    const saved = await api.request<{ data: { mfaRequiredRoles: string[] } }>('GET', '/settings/security');
    expect(saved.data.mfaRequiredRoles).toEqual(['qa']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, { path: `${SCREENSHOTS}security-mfa-roles-dark.png`, fullPage: true });
    await setTheme(page, 'Light');
    await saveScreenshot(page, { path: `${SCREENSHOTS}security-mfa-roles-light.png`, fullPage: true });
    await setTheme(page, 'Dark');
  } finally {
    await api.request('PUT', '/settings/security', { mfaRequiredRoles: [] });
  }
});
