import { Gem } from 'lucide-react';
import { Outlet } from 'react-router';
import { ThemeCycleButton } from '@/components/theme/theme-cycle-button';
import { useRuntimeConfig } from '@/lib/runtime-config-context';

/** The signed-out screens: the workshop's branding above one centred form. */
export function AuthLayout() {
  const config = useRuntimeConfig();
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex justify-end p-3">
        <ThemeCycleButton />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-4 pb-12">
        <div className="flex flex-col items-center gap-2 text-center">
          {config.logoUrl ? (
            <img src={config.logoUrl} alt="" className="size-12 rounded-lg object-contain" />
          ) : (
            <Gem className="size-12 text-primary" aria-hidden />
          )}
          <p className="text-2xl font-semibold">{config.companyName}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{config.tagline}</p>
        </div>
        <div className="w-full max-w-sm">
          <Outlet />
        </div>
      </main>
      <footer className="p-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {config.companyName}
      </footer>
    </div>
  );
}
