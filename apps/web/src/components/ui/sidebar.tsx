import { SIDEBAR } from '@loupe/domain/config/constants';
import { cva, type VariantProps } from 'class-variance-authority';
import { PanelLeftIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type MouseEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { useIsMobile } from '@/hooks/use-mobile';
import { cn } from '@/lib/cn';

// The sidebar system of spec §2: icon-collapsible, 16rem / 3rem wide, an 18rem sheet under 768 px, Ctrl/Cmd+B,
// open state kept in a cookie for 7 days. Descendants style themselves for the icon mode with the named group
// variant `group-data-[collapsible=icon]/sidebar:…` (set on <Sidebar> only on desktop, never in the sheet).

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
const SIDEBAR_TOGGLE_LABEL = 'Toggle sidebar';

export type TSidebarState = 'expanded' | 'collapsed';

export type TSidebarContext = {
  readonly state: TSidebarState;
  readonly open: boolean;
  readonly setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  readonly openMobile: boolean;
  readonly setOpenMobile: (open: boolean | ((open: boolean) => boolean)) => void;
  readonly isMobile: boolean;
  readonly toggleSidebar: () => void;
};

const SidebarContext = createContext<TSidebarContext | null>(null);

export function useSidebar(): TSidebarContext {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

/** The open state saved by an earlier visit, or undefined when there is none (or it is unreadable). */
export function readSidebarCookie(cookie: string = document.cookie): boolean | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return undefined;
}

function writeSidebarCookie(open: boolean): void {
  // A cookie rather than localStorage so that a server could read it too (spec §2: cookie, 7 days).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we support.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}

export type TSidebarProviderProps = ComponentProps<'div'> & {
  /** Initial open state when uncontrolled; without it the cookie decides, and without a cookie it is open. */
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function SidebarProvider({
  defaultOpen,
  open: openProp,
  onOpenChange,
  className,
  style,
  children,
  ...props
}: TSidebarProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [internalOpen, setInternalOpen] = useState(() => defaultOpen ?? readSidebarCookie() ?? true);
  const open = openProp ?? internalOpen;

  const setOpen = useCallback(
    (value: boolean | ((open: boolean) => boolean)) => {
      const next = typeof value === 'function' ? value(open) : value;
      if (openProp === undefined) setInternalOpen(next);
      onOpenChange?.(next);
      writeSidebarCookie(next);
    },
    [open, openProp, onOpenChange],
  );

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen((current) => !current);
  }, [isMobile, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || !(event.ctrlKey || event.metaKey)) return;
      if (event.key.toLowerCase() !== SIDEBAR.keyboardShortcut) return;
      event.preventDefault();
      toggleSidebar();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const context = useMemo<TSidebarContext>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={context}>
      <TooltipProvider delayDuration={0}>
        <div
          data-slot="sidebar-wrapper"
          style={
            {
              '--sidebar-width': SIDEBAR.width,
              '--sidebar-width-icon': SIDEBAR.widthIcon,
              ...style,
            } as CSSProperties
          }
          className={cn('flex min-h-svh w-full', className)}
          {...props}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

export type TSidebarProps = ComponentProps<'aside'> & {
  side?: 'left' | 'right';
  /** offcanvas: slides away entirely; icon: shrinks to an icon rail; none: always open. */
  collapsible?: 'offcanvas' | 'icon' | 'none';
  /** Name of the mobile sheet, for assistive technology. */
  mobileTitle?: string;
};

export function Sidebar({
  side = 'left',
  collapsible = 'offcanvas',
  mobileTitle = 'Sidebar',
  className,
  children,
  ...props
}: TSidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (collapsible === 'none') {
    return (
      <aside
        data-slot="sidebar"
        className={cn(
          'flex h-full w-(--sidebar-width) flex-col bg-sidebar text-sidebar-foreground',
          className,
        )}
        {...props}
      >
        {children}
      </aside>
    );
  }

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          data-mobile="true"
          side={side}
          style={{ '--sidebar-width': SIDEBAR.widthMobile } as CSSProperties}
          className={cn(
            'w-(--sidebar-width) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground',
            // Room for the sheet's close button beside the header.
            '[&_[data-slot=sidebar-header]]:pr-10',
            className,
          )}
        >
          <SheetHeader className="sr-only">
            <SheetTitle>{mobileTitle}</SheetTitle>
            <SheetDescription>Navigation and account</SheetDescription>
          </SheetHeader>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  // An <aside> landmark, so the brand and account blocks around the <nav> sit in a region too.
  return (
    <aside
      data-slot="sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? collapsible : ''}
      data-side={side}
      className={cn(
        'group/sidebar sticky top-0 flex h-svh shrink-0 flex-col bg-sidebar text-sidebar-foreground',
        'w-(--sidebar-width) border-sidebar-border transition-[width] duration-200 ease-linear',
        'motion-reduce:transition-none',
        side === 'left' ? 'order-first border-r' : 'order-last border-l',
        'data-[collapsible=icon]:w-(--sidebar-width-icon)',
        // Collapsed off-canvas: invisible, so nothing inside stays in the tab order.
        'data-[collapsible=offcanvas]:invisible data-[collapsible=offcanvas]:w-0',
        'data-[collapsible=offcanvas]:border-0 data-[collapsible=offcanvas]:overflow-hidden',
        className,
      )}
      {...props}
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ className, onClick, children, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      type="button"
      variant="ghost"
      size="icon"
      aria-expanded={isMobile ? openMobile : open}
      className={cn('size-8', className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">{children ?? SIDEBAR_TOGGLE_LABEL}</span>
    </Button>
  );
}

/** A thin strip along the sidebar's edge that toggles it on click (mouse only: the trigger serves keyboards). */
export function SidebarRail({ className, ...props }: ComponentProps<'button'>) {
  const { toggleSidebar, isMobile } = useSidebar();
  if (isMobile) return null;
  return (
    <button
      data-slot="sidebar-rail"
      type="button"
      aria-label={SIDEBAR_TOGGLE_LABEL}
      title={SIDEBAR_TOGGLE_LABEL}
      tabIndex={-1}
      onClick={toggleSidebar}
      className={cn(
        'absolute inset-y-0 z-20 w-2 cursor-ew-resize',
        'group-data-[side=left]/sidebar:-right-1 group-data-[side=right]/sidebar:-left-1',
        'after:absolute after:inset-y-0 after:left-1/2 after:w-0.5 hover:after:bg-sidebar-border',
        className,
      )}
      {...props}
    />
  );
}

/** The content column beside the sidebar; holds the page's header, main and footer landmarks. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto',
        'group-data-[collapsible=icon]/sidebar:overflow-y-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group"
      className={cn('relative flex w-full min-w-0 flex-col p-2', className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({
  className,
  asChild = false,
  ...props
}: ComponentProps<'div'> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'div';
  return (
    <Component
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70',
        'outline-none transition-[margin,opacity] duration-200 ease-linear',
        'focus-visible:ring-2 focus-visible:ring-sidebar-ring [&>svg]:size-4 [&>svg]:shrink-0',
        // In icon mode the label makes way for the icons but stays in the accessibility tree.
        'group-data-[collapsible=icon]/sidebar:-mt-8 group-data-[collapsible=icon]/sidebar:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group-content" className={cn('w-full text-sm', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

export const sidebarMenuButtonVariants = cva(
  [
    'flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none',
    'transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
    'focus-visible:ring-2 focus-visible:ring-sidebar-ring active:bg-sidebar-accent',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    'data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium',
    'data-[active=true]:text-sidebar-accent-foreground',
    'group-data-[collapsible=icon]/sidebar:size-8! group-data-[collapsible=icon]/sidebar:p-2!',
    '[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
  ],
  {
    variants: {
      size: {
        default: 'h-8',
        sm: 'h-7 text-xs',
        lg: 'h-12 group-data-[collapsible=icon]/sidebar:p-0!',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export type TSidebarMenuButtonProps = ComponentProps<'button'> &
  VariantProps<typeof sidebarMenuButtonVariants> & {
    asChild?: boolean;
    isActive?: boolean;
    /** Shown beside the button when the sidebar is collapsed to icons (desktop only). */
    tooltip?: string | ComponentProps<typeof TooltipContent>;
  };

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  size,
  tooltip,
  type,
  className,
  ...props
}: TSidebarMenuButtonProps) {
  const { isMobile, state } = useSidebar();
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component
      // A menu button never submits a form; a slotted child (a link) keeps its own semantics.
      type={asChild ? type : (type ?? 'button')}
      data-slot="sidebar-menu-button"
      data-size={size ?? 'default'}
      data-active={isActive}
      className={cn(sidebarMenuButtonVariants({ size }), className)}
      {...props}
    />
  );
  if (!tooltip) return button;

  const tooltipProps = typeof tooltip === 'string' ? { children: tooltip } : tooltip;
  // The wrapper stays put (so the button keeps focus across Ctrl+B); only the content comes and goes.
  const showTooltip = state === 'collapsed' && !isMobile;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      {showTooltip ? <TooltipContent side="right" align="center" {...tooltipProps} /> : null}
    </Tooltip>
  );
}
