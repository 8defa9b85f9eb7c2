import { parseStoredTheme, THEMES, type TTheme } from '@loupe/domain/preferences/theme';
import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTheme } from '@/components/theme/theme-provider';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

const THEME_CHOICES: Record<TTheme, { label: string; icon: LucideIcon }> = {
  light: { label: 'Light', icon: SunIcon },
  dark: { label: 'Dark', icon: MoonIcon },
  system: { label: 'System', icon: MonitorIcon },
};

/** The header's theme menu: light, dark or system (spec §1, §3). */
export function ModeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    // Not modal: nothing else on the page needs hiding from assistive technology for a three-item menu.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="relative" aria-label="Toggle theme">
          <SunIcon
            aria-hidden="true"
            className="scale-100 rotate-0 transition-transform dark:scale-0 dark:-rotate-90"
          />
          <MoonIcon
            aria-hidden="true"
            className="absolute scale-0 rotate-90 transition-transform dark:scale-100 dark:rotate-0"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(parseStoredTheme(value))}>
          {THEMES.map((choice) => {
            const { label, icon: Icon } = THEME_CHOICES[choice];
            return (
              <DropdownMenuRadioItem key={choice} value={choice}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
