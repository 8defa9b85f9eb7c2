import type { TRole } from '@loupe/domain/auth/roles';
import { ADMIN, expect, signIn, test, uniqueEmail } from '../support/fixtures';

const ANALYTICS = [
  '/workflow-dashboard',
  '/workflow-analytics',
  '/product-type-performance',
  '/comparison-analytics',
  '/capacity-planning',
  '/root-cause-dashboard',
];

// Spec §2's sidebar table, written out per role (not computed by the code under test).
const EXPECTED_LINKS: Record<TRole, string[]> = {
  admin: [
    '/dashboard',
    '/ai',
    '/orders',
    '/repairs',
    '/offsite',
    ...ANALYTICS,
    '/manager-department',
    '/designer-workspace',
    '/alerts',
    '/rfid-mapping',
    '/settings',
  ],
  manager: [
    '/dashboard',
    '/ai',
    '/orders',
    '/repairs',
    '/offsite',
    ...ANALYTICS,
    '/manager-department',
    '/alerts',
    '/settings',
  ],
  salesperson: ['/dashboard', '/my-tasks', '/ai', '/orders', '/repairs', '/offsite', '/settings'],
  designer: ['/dashboard', '/my-tasks', '/ai', '/orders', '/designer-workspace', '/alerts', '/settings'],
  operator: ['/dashboard', '/ai', '/orders', '/repairs', '/settings'],
  production: ['/dashboard', '/ai', '/orders', '/settings'],
  qa: ['/dashboard', '/ai', '/orders', '/settings'],
};

for (const role of Object.keys(EXPECTED_LINKS) as TRole[]) {
  test(`${role} sees exactly the spec's navigation`, async ({ page, api }) => {
    let email: string = ADMIN.email;
    let password: string = ADMIN.password;
    if (role !== 'admin') {
      // Invited with a temporary password: the first sign-in answers NEW_PASSWORD_REQUIRED, which the
      // client confirms with the same password (spec §4).
      email = uniqueEmail(role);
      password = `temporary ${role} passphrase`;
      await api.inviteUser({ email, role, temporaryPassword: password });
    }
    await signIn(page, email, password);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link').first()).toBeVisible();
    const hrefs = await navigation
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(EXPECTED_LINKS[role]);
  });
}
