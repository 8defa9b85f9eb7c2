import type { TRole } from '@loupe/domain/auth/roles';
import { SPEC_VISIBLE_PATHS } from '@loupe/domain/navigation/spec-sidebar-table.fixture';
import { ADMIN, expect, signIn, test, uniqueEmail } from '../support/fixtures';

// Spec §2's sidebar table, transcribed once by hand (not computed by the app).
const EXPECTED_LINKS = SPEC_VISIBLE_PATHS;

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
