import { ROLES, type TActor, type TRole } from './roles';

/** Who may do something: a list of roles, or 'all' — any signed-in user (spec §1). */
export type TRoleAccess = readonly TRole[] | 'all';

/** Order create and edit (spec §6). */
export const ORDER_EDITOR_ROLES = ['admin', 'manager', 'salesperson'] as const satisfies readonly TRole[];
/** Repair create and manage (spec §6). */
export const REPAIR_MANAGER_ROLES = [
  'admin',
  'manager',
  'operator',
  'production',
] as const satisfies readonly TRole[];
/** The admin-only check (spec §6). */
export const ADMIN_ROLES = ['admin'] as const satisfies readonly TRole[];
/** The unnamed salesperson + designer check of spec §6; it guards the personal task list (/my-tasks). */
export const PERSONAL_TASK_ROLES = ['salesperson', 'designer'] as const satisfies readonly TRole[];
/**
 * The people at the benches (issue 37 §1): the spec's sidebar gives them no My Tasks, so their dashboard
 * opens with "My work" — what they have been given, done in one tap, and the way to the whole list.
 */
export const BENCH_ROLES = ['operator', 'production', 'qa'] as const satisfies readonly TRole[];
/** The unnamed admin + manager + salesperson check of spec §6; it guards the offsite screen (/offsite). */
export const OFFSITE_MANAGER_ROLES = ['admin', 'manager', 'salesperson'] as const satisfies readonly TRole[];

/** The roles of several rules together, in the order of ROLES: a rule stated once, not a list retyped. */
function unionOf(...lists: readonly (readonly TRole[])[]): readonly TRole[] {
  return ROLES.filter((role) => lists.some((list) => list.includes(role)));
}

/** Whether the actor is allowed by `access`. No actor is never allowed (spec §6 "No user: everything denied"). */
export function isAllowed(actor: TActor | null | undefined, access: TRoleAccess): boolean {
  if (!actor) return false;
  return access === 'all' || access.includes(actor.role);
}

export function canCreateOrEditOrders(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, ORDER_EDITOR_ROLES);
}

export function canCreateAndManageRepairs(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, REPAIR_MANAGER_ROLES);
}

export function isAdmin(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, ADMIN_ROLES);
}

export function canHavePersonalTasks(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, PERSONAL_TASK_ROLES);
}

/** Whether the dashboard opens with "My work" for this person (issue 37 §1). */
export function startsWithMyWork(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, BENCH_ROLES);
}

export function canManageOffsiteItems(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, OFFSITE_MANAGER_ROLES);
}

/**
 * Setting up locations, departments and stations from the /departments screen. Spec §6 gives the settings
 * sections locations and departments to admins only; managers run the workshop floor, so the registry's
 * own screen lets them set it up too (docs/decisions/004-registry-managers.md).
 */
export const REGISTRY_MANAGER_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];
/** Who sees repairs: those who manage them (spec §6), and the salesperson, whose sidebar shows /repairs (§2). */
export const REPAIR_VIEWER_ROLES: readonly TRole[] = unionOf(REPAIR_MANAGER_ROLES, ['salesperson']);
/** Customers are entered by whoever takes in work: order editors and repair managers. */
export const CUSTOMER_EDITOR_ROLES: readonly TRole[] = unionOf(ORDER_EDITOR_ROLES, REPAIR_MANAGER_ROLES);
/** Metal and product types are workshop policy. */
export const CATALOG_EDITOR_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];
/** Designs and their folders: designers keep their own library, with admins and managers. */
export const DESIGN_EDITOR_ROLES = ['admin', 'manager', 'designer'] as const satisfies readonly TRole[];
/** The designer's workspace (spec §2 /designer-workspace: designer, admin): they work on design requests. */
export const DESIGN_WORKER_ROLES = ['admin', 'designer'] as const satisfies readonly TRole[];
/**
 * Who sees design requests and sends a revision to the customer: the workspace's people, and salespeople for
 * their own customers' orders (issue 17 §4; the service narrows a salesperson to their orders).
 */
export const DESIGN_REQUEST_VIEWER_ROLES: readonly TRole[] = unionOf(DESIGN_WORKER_ROLES, ['salesperson']);
/** Who opens a design request for an order: order editors (spec §6) and designers. */
export const DESIGN_REQUEST_CREATOR_ROLES: readonly TRole[] = unionOf(ORDER_EDITOR_ROLES, ['designer']);
/** Flagging a repair as expected offsite or returning it: repair managers and the /offsite roles. */
export const REPAIR_OFFSITE_ROLES: readonly TRole[] = unionOf(REPAIR_MANAGER_ROLES, OFFSITE_MANAGER_ROLES);

/**
 * Who gives out work (creates, hands over and takes back a job's assignment) and sees who can take it
 * (GET /workflow/people): the floor's managers, whose screens offer it (spec §2: /workflow-dashboard and
 * /manager-department are admin and manager). Salespeople edit their orders, but do not hand bench work to
 * jewelers (issue 34 §5); the people doing the work complete and snooze their own assignments.
 */
export const WORKFLOW_ASSIGNER_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

/**
 * Who issues and revokes a job's public tracking link: whoever edits the job (spec §6: orders admin, manager,
 * salesperson; repairs admin, manager, operator, production) — the ones who send its customer messages.
 * Whoever may see the job may still show the link (to print the ticket's QR code). Issue 34 §5.
 */
export const TRACKING_LINK_ISSUER_ROLES: Readonly<Record<'order' | 'repair', readonly TRole[]>> = {
  order: ORDER_EDITOR_ROLES,
  repair: REPAIR_MANAGER_ROLES,
};

export function canAssignWork(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, WORKFLOW_ASSIGNER_ROLES);
}

export function canManageTrackingLink(actor: TActor | null | undefined, kind: 'order' | 'repair'): boolean {
  return isAllowed(actor, TRACKING_LINK_ISSUER_ROLES[kind]);
}

/** Who puts tags on items: order editors and repair managers (the assign-EPC calls of each kind). */
export const TAG_ASSIGNER_ROLES: readonly TRole[] = unionOf(ORDER_EDITOR_ROLES, REPAIR_MANAGER_ROLES);

/** Settings › RFID simulator and its socket event rfid:test-scan (spec §6, §7). */
export const RFID_SIMULATOR_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

/** The Workflow & Analytics screens of spec §2 (/workflow-analytics … /root-cause-dashboard) and their API. */
export const ANALYTICS_VIEWER_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

/** The readers list: admins set readers up (/rfid-mapping); the simulator picks a reader and antenna from it. */
export const READER_VIEWER_ROLES: readonly TRole[] = unionOf(ADMIN_ROLES, RFID_SIMULATOR_ROLES);

export function canManageRegistry(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, REGISTRY_MANAGER_ROLES);
}

export function canViewRepairs(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, REPAIR_VIEWER_ROLES);
}

export function canEditCustomers(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, CUSTOMER_EDITOR_ROLES);
}

export function canEditCatalog(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, CATALOG_EDITOR_ROLES);
}

export function canEditDesigns(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, DESIGN_EDITOR_ROLES);
}

export function canManageRepairOffsite(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, REPAIR_OFFSITE_ROLES);
}

export function canWorkOnDesigns(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, DESIGN_WORKER_ROLES);
}

export function canViewDesignRequests(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, DESIGN_REQUEST_VIEWER_ROLES);
}

export function canViewAnalytics(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, ANALYTICS_VIEWER_ROLES);
}

/** Who may open a job of a kind: an order every signed-in user, a repair those who may see repairs. */
export function canViewJob(actor: TActor | null | undefined, kind: 'order' | 'repair'): boolean {
  return kind === 'order' ? isAllowed(actor, 'all') : canViewRepairs(actor);
}

/**
 * Predicted completion (issue 13 §3) goes with the job, not the analytics screens: whoever may open the job.
 */
export function canViewPredictions(actor: TActor | null | undefined, kind: 'order' | 'repair'): boolean {
  return canViewJob(actor, kind);
}
