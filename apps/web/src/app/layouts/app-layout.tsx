import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppSidebar } from '@/app/layouts/app-sidebar';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { RealtimeStatus } from '@/lib/realtime/realtime-status';
import { useRuntimeConfig } from '@/lib/runtime-config-context';

const MAIN_CONTENT_ID = 'main-content';

export type TAppLayoutProps = {
  /** Shown in the header beside the sidebar toggle. */
  title?: ReactNode;
  /** The clock of the copyright year; tests pass a fixed one. */
  now?: () => Date;
};

/**
 * The signed-in shell of spec §2: sidebar, header (sidebar and theme toggles, the live connection's state),
 * the route, and the footer.
 */
export function AppLayout({ title, now = () => new Date() }: TAppLayoutProps) {
  const { companyName } = useRuntimeConfig();
  return (
    <SidebarProvider>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger aria-label="Toggle sidebar" />
          {title ? (
            <>
              <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
              <div className="min-w-0 truncate text-sm font-medium">{title}</div>
            </>
          ) : null}
          <div className="ml-auto flex items-center gap-1">
            <RealtimeStatus />
            <NotificationBell />
            <ModeToggle />
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
        <footer className="border-t px-4 py-3 text-center text-xs text-muted-foreground md:px-6">
          {`© ${now().getFullYear()} ${companyName}. All rights reserved.`}
        </footer>
      </SidebarInset>
    </SidebarProvider>
  );
}
