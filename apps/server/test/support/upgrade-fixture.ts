import { fileURLToPath } from 'node:url';

/**
 * The database of the previous release (issue 42 §3): plain SQL from scripts/write-upgrade-fixture.ts,
 * with the sign-in and key it was written with.
 */
export const UPGRADE_FIXTURE = fileURLToPath(
  new URL('../fixtures/upgrade/previous-release.sql', import.meta.url),
);
export const FIXTURE_ADMIN = {
  email: 'owner@previous-release.test',
  password: 'a ring from the last release',
};
export const FIXTURE_SECRET_KEY = 'previous-release-fixture-key-0123456789';
