import type { TActor } from '@loupe/domain/auth/roles';
import {
  canAccessSettingsSection,
  SETTINGS_SECTION_TITLES,
  type TSettingsSection,
  visibleSettingsSections,
} from '@loupe/domain/settings/sections';
import type { ComponentType } from 'react';
import { paths } from '@/lib/paths';

/** The pages of the settings screen: the sections of spec §2, plus everyone's own profile. */
export const PROFILE_PAGE = 'profile';
export type TSettingsPage = TSettingsSection | typeof PROFILE_PAGE;

export const PROFILE_TITLE = 'Profile';

/**
 * What each page shows. Settings is a shell: most sections belong to the feature that owns their domain
 * (users, departments, TV displays…), and the app hands them in (app/routes/settings-screen.tsx).
 */
export type TSettingsPageComponents = Readonly<Record<TSettingsPage, ComponentType>>;

export function settingsPageTitle(page: TSettingsPage): string {
  return page === PROFILE_PAGE ? PROFILE_TITLE : SETTINGS_SECTION_TITLES[page];
}

export function settingsPagePath(page: TSettingsPage): string {
  return page === PROFILE_PAGE ? paths.profile : paths.settingsSection.replace(':section', page);
}

/** The entries of the settings menu: the sections the user may open (spec §6), in display order, then Profile. */
export function settingsPagesFor(user: TActor | null | undefined): TSettingsPage[] {
  if (!user) return [];
  return [...visibleSettingsSections(user), PROFILE_PAGE];
}

export type TSettingsPageResolution =
  | { readonly kind: 'page'; readonly page: TSettingsPage }
  | { readonly kind: 'denied' };

/**
 * Which page `/settings/:section` shows. No section: the first entry of the menu (spec §6 allows the settings
 * page itself). A section the role may not open, or one that does not exist, is denied.
 */
export function resolveSettingsPage(
  user: TActor | null | undefined,
  section: string | undefined,
): TSettingsPageResolution {
  if (!user) return { kind: 'denied' };
  if (section === PROFILE_PAGE) return { kind: 'page', page: PROFILE_PAGE };
  if (section === undefined || section === '') {
    return { kind: 'page', page: settingsPagesFor(user)[0] ?? PROFILE_PAGE };
  }
  if (!canAccessSettingsSection(user, section)) return { kind: 'denied' };
  // canAccessSettingsSection accepted it, so it is one of the sections.
  return { kind: 'page', page: section as TSettingsSection };
}
