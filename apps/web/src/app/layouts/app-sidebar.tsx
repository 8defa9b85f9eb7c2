import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { type TSidebarGroup, type TSidebarItem, visibleNavigation } from '@loupe/domain/navigation/sidebar';
import { ChevronDownIcon, GemIcon, LogOutIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { matchPath, NavLink, useLocation, useNavigate } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { NAV_ICONS } from './nav-icons';

const LOG_OUT_LABEL = 'Log out';

function isItemActive(pathname: string, itemPath: string): boolean {
  // The dashboard is also served at the root (spec §2).
  if (itemPath === paths.dashboard && pathname === paths.home) return true;
  return matchPath({ path: itemPath, end: false }, pathname) !== null;
}

function NavItem({ item }: { item: TSidebarItem }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = NAV_ICONS[item.icon];
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isItemActive(pathname, item.path)} tooltip={item.title}>
        <NavLink
          to={item.path}
          onClick={() => {
            // On a phone the sheet covers the page: close it once the user has chosen.
            if (isMobile) setOpenMobile(false);
          }}
        >
          <Icon aria-hidden="true" />
          <span>{item.title}</span>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

type TNavGroupProps = {
  group: TSidebarGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function NavGroup({ group, open, onOpenChange }: TNavGroupProps) {
  const labelId = useId();
  const { state, isMobile } = useSidebar();
  // Spec §2: the Workflow & Analytics group is hidden when the sidebar is collapsed to icons.
  if (group.hideWhenIconCollapsed && state === 'collapsed' && !isMobile) return null;

  const menu = (
    <SidebarMenu aria-labelledby={labelId}>
      {group.items.map((item) => (
        <NavItem key={item.path} item={item} />
      ))}
    </SidebarMenu>
  );

  if (!group.collapsible) {
    return (
      <SidebarGroup data-group={group.id}>
        <SidebarGroupLabel id={labelId}>{group.title}</SidebarGroupLabel>
        <SidebarGroupContent>{menu}</SidebarGroupContent>
      </SidebarGroup>
    );
  }

  return (
    <Collapsible open={open} onOpenChange={onOpenChange} className="group/collapsible">
      <SidebarGroup data-group={group.id}>
        <SidebarGroupLabel asChild>
          <CollapsibleTrigger
            id={labelId}
            className="w-full hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
          >
            {group.title}
            <ChevronDownIcon
              aria-hidden="true"
              className="ml-auto transition-transform group-data-[state=open]/collapsible:rotate-180"
            />
          </CollapsibleTrigger>
        </SidebarGroupLabel>
        <CollapsibleContent>
          <SidebarGroupContent>{menu}</SidebarGroupContent>
        </CollapsibleContent>
      </SidebarGroup>
    </Collapsible>
  );
}

function Brand() {
  const { companyName, logoUrl, tagline } = useRuntimeConfig();
  return (
    <div className="flex h-12 min-w-0 items-center gap-2 rounded-md p-2 group-data-[collapsible=icon]/sidebar:p-0">
      <span className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-primary text-primary-foreground">
        {/* The name is shown beside the logo, so the image itself is decorative. */}
        {logoUrl ? (
          <img src={logoUrl} alt="" className="size-8 object-contain" />
        ) : (
          <GemIcon className="size-4" aria-hidden="true" />
        )}
      </span>
      <span className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]/sidebar:sr-only">
        <span className="truncate text-sm font-semibold">{companyName}</span>
        <span className="truncate text-xs text-sidebar-foreground/70" title={tagline}>
          {tagline}
        </span>
      </span>
    </div>
  );
}

/** The shell's sidebar: brand, the §2 navigation for the signed-in user's role, and the account with logout. */
export function AppSidebar() {
  const { user, signOut } = useAuth();
  const { aiAssistantName } = useRuntimeConfig();
  const navigate = useNavigate();
  const [openGroups, setOpenGroups] = useState<Partial<Record<TSidebarGroup['id'], boolean>>>({});
  const [isSigningOut, setIsSigningOut] = useState(false);
  const groups = visibleNavigation(user, { aiAssistantName });

  async function onLogOut() {
    setIsSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      // signOut is documented never to throw; should it, the user still leaves for the login screen.
      console.warn('Sign-out failed; going to the login screen anyway', error);
    }
    navigate(paths.login, { replace: true });
  }

  return (
    <Sidebar collapsible="icon" mobileTitle="Navigation">
      <SidebarHeader>
        <Brand />
      </SidebarHeader>
      <SidebarContent>
        {groups.length > 0 ? (
          <nav aria-label="Main navigation">
            {groups.map((group) => (
              <NavGroup
                key={group.id}
                group={group}
                open={openGroups[group.id] ?? group.defaultOpen}
                onOpenChange={(open) => setOpenGroups((current) => ({ ...current, [group.id]: open }))}
              />
            ))}
          </nav>
        ) : null}
      </SidebarContent>
      {user ? (
        <SidebarFooter>
          <div className="grid min-w-0 gap-0.5 px-2 py-1 text-sm leading-tight group-data-[collapsible=icon]/sidebar:sr-only">
            <span className="truncate font-medium">{user.name}</span>
            <span className="truncate text-xs text-sidebar-foreground/70">{user.email}</span>
            <span className="truncate text-xs text-sidebar-foreground/70">{ROLE_LABELS[user.role]}</span>
          </div>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip={LOG_OUT_LABEL} onClick={onLogOut} disabled={isSigningOut}>
                <LogOutIcon aria-hidden="true" />
                <span>{LOG_OUT_LABEL}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      ) : null}
      <SidebarRail />
    </Sidebar>
  );
}
