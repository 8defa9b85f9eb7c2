import type { TTheme } from '@loupe/domain/preferences/theme';
import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from './theme-provider';

const NEXT: Record<TTheme, TTheme> = { dark: 'light', light: 'system', system: 'dark' };
const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/**
 * The theme switch of the signed-out screens: one button cycling dark → light → system. Lighter than the
 * shell's dropdown (no popper), which keeps the sign-in page inside its size budget.
 */
export function ThemeCycleButton() {
  const { theme, setTheme } = useTheme();
  const Icon = ICONS[theme];
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
    >
      <Icon aria-hidden />
      <span className="capitalize">{theme}</span>
    </Button>
  );
}
