import { canAccessSettingsSection } from '@loupe/domain/settings/sections';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { CustomerMessagesSection } from '../components/customer-messages-section';
import { DepartmentsSection } from '../components/departments-section';
import { GeneralSection } from '../components/general-section';
import { LocationsSection } from '../components/locations-section';
import { MqttSection } from '../components/mqtt-section';
import { NotificationsSection } from '../components/notifications-section';
import { OrdersSection } from '../components/orders-section';
import { ProfileSection } from '../components/profile-section';
import { RfidSimulatorSection } from '../components/rfid-simulator-section';
import { SectionAccessDenied } from '../components/section-access-denied';
import { SecuritySection } from '../components/security-section';
import { SettingsNav } from '../components/settings-nav';
import { TvDisplaysSection } from '../components/tv-displays-section';
import { UsersSection } from '../components/users-section';
import {
  resolveSettingsPage,
  settingsPagesFor,
  settingsPageTitle,
  type TSettingsPage,
} from '../settings-pages';

/** /settings and /settings/:section: the menu of the sections the user may open (spec §6), and one of them. */
export function SettingsRoute() {
  const { section } = useParams();
  const { user } = useAuth();
  const pages = settingsPagesFor(user);
  const resolution = resolveSettingsPage(user, section);
  const current = resolution.kind === 'page' ? resolution.page : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Workshop settings and your own account." />
      <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <SettingsNav pages={pages} current={current} />
        <section aria-labelledby="settings-section-title" className="flex min-w-0 flex-col gap-4">
          {current ? (
            <>
              <h2 id="settings-section-title" className="text-xl font-semibold">
                {settingsPageTitle(current)}
              </h2>
              <SettingsPageContent
                page={current}
                canEditGeneral={canAccessSettingsSection(user, 'general')}
              />
            </>
          ) : (
            <SectionAccessDenied titleId="settings-section-title" />
          )}
        </section>
      </div>
    </div>
  );
}

function SettingsPageContent({ page, canEditGeneral }: { page: TSettingsPage; canEditGeneral: boolean }) {
  switch (page) {
    case 'general':
      return <GeneralSection canEdit={canEditGeneral} />;
    case 'users':
      return <UsersSection />;
    case 'security':
      return <SecuritySection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'profile':
      return <ProfileSection />;
    case 'locations':
      return <LocationsSection />;
    case 'departments':
      return <DepartmentsSection />;
    case 'orders':
      return <OrdersSection />;
    case 'mqtt':
      return <MqttSection />;
    case 'rfid-simulator':
      return <RfidSimulatorSection />;
    case 'tv-displays':
      return <TvDisplaysSection />;
    case 'customer-messages':
      return <CustomerMessagesSection />;
    default: {
      const unreachable: never = page;
      throw new Error(`unknown settings page ${String(unreachable)}`);
    }
  }
}
