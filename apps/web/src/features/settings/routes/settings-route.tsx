import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { SectionAccessDenied } from '../components/section-access-denied';
import { SettingsNav } from '../components/settings-nav';
import {
  resolveSettingsPage,
  settingsPagesFor,
  settingsPageTitle,
  type TSettingsPageComponents,
} from '../settings-pages';

/**
 * /settings and /settings/:section: the menu of the sections the user may open (spec §6), and one of them,
 * mounted from `sections` (each section's component comes from the feature that owns it).
 */
export function SettingsRoute({ sections }: { sections: TSettingsPageComponents }) {
  const { section } = useParams();
  const { user } = useAuth();
  const pages = settingsPagesFor(user);
  const resolution = resolveSettingsPage(user, section);
  const current = resolution.kind === 'page' ? resolution.page : null;
  const Section = current ? sections[current] : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Workshop settings and your own account." />
      {/* One column until the content beside the app's sidebar has room for the menu too (issue 35). */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <SettingsNav pages={pages} current={current} />
        <section aria-labelledby="settings-section-title" className="flex min-w-0 flex-col gap-4">
          {current && Section ? (
            <>
              <h2 id="settings-section-title" className="text-xl font-semibold">
                {settingsPageTitle(current)}
              </h2>
              <Section />
            </>
          ) : (
            <SectionAccessDenied titleId="settings-section-title" />
          )}
        </section>
      </div>
    </div>
  );
}
