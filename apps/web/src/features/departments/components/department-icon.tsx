import type { TDepartmentIcon } from '@loupe/domain/registry/departments';
import { GemIcon, HammerIcon, type LucideIcon, SettingsIcon, SparklesIcon } from 'lucide-react';

/** The four department icons of spec §3, by name. */
export const DEPARTMENT_ICON_COMPONENTS: Readonly<Record<TDepartmentIcon, LucideIcon>> = {
  Hammer: HammerIcon,
  Gem: GemIcon,
  Settings: SettingsIcon,
  Sparkles: SparklesIcon,
};

export function DepartmentIcon({ name, className }: { name: TDepartmentIcon; className?: string }) {
  const Icon = DEPARTMENT_ICON_COMPONENTS[name];
  return <Icon className={className} aria-hidden="true" />;
}
