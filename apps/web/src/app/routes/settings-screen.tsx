import { CustomerMessagesSection } from '@/features/customer-messages/components/customer-messages-section';
import { DepartmentsSection } from '@/features/departments/components/departments-section';
import { LocationsSection } from '@/features/departments/components/locations-section';
import { IntegrationsSection } from '@/features/integrations/components/integrations-section';
import { RfidSimulatorSection } from '@/features/rfid-mapping/components/rfid-simulator-section';
import { GeneralSettingsSection } from '@/features/settings/components/general-section';
import { MqttSection } from '@/features/settings/components/mqtt-section';
import { NotificationsSection } from '@/features/settings/components/notifications-section';
import { OrdersSection } from '@/features/settings/components/orders-section';
import { ProfileSection } from '@/features/settings/components/profile-section';
import { SecuritySection } from '@/features/settings/components/security-section';
import { SettingsRoute } from '@/features/settings/routes/settings-route';
import type { TSettingsPageComponents } from '@/features/settings/settings-pages';
import { SystemHealthSection } from '@/features/system-health/components/system-health-section';
import { TvDisplaysSection } from '@/features/tv/components/tv-displays-section';
import { UsersSection } from '@/features/users/components/users-section';
import { WorkflowTemplates } from '@/features/workflow-templates/components/workflow-templates';

function OrdersWithTemplates() {
  return <OrdersSection templates={<WorkflowTemplates />} />;
}

/** Each settings page (spec §2's sections, then Profile) and the feature component it mounts. */
export const SETTINGS_PAGE_COMPONENTS: TSettingsPageComponents = {
  general: GeneralSettingsSection,
  locations: LocationsSection,
  departments: DepartmentsSection,
  users: UsersSection,
  notifications: NotificationsSection,
  security: SecuritySection,
  'tv-displays': TvDisplaysSection,
  mqtt: MqttSection,
  'rfid-simulator': RfidSimulatorSection,
  orders: OrdersWithTemplates,
  'customer-messages': CustomerMessagesSection,
  'system-health': SystemHealthSection,
  integrations: IntegrationsSection,
  profile: ProfileSection,
};

/** /settings and /settings/:section: the settings shell with every feature's section. */
export function SettingsScreen() {
  return <SettingsRoute sections={SETTINGS_PAGE_COMPONENTS} />;
}
