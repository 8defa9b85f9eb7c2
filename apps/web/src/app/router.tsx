import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { paths } from '@/lib/paths';
import { RedirectIfSignedIn, RequireAuth } from './guards/require-auth';
import { RouteErrorScreen } from './routes/error-screen';

/** A lazy layout route for a built screen, behind the role check of `accessPath` (its own path by default). */
function screen(path: string, load: () => Promise<ComponentType>, accessPath: string = path): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ RequireRouteAccess }, Screen] = await Promise.all([
        import('./guards/require-route-access'),
        load(),
      ]);
      return {
        Component: () => (
          <RequireRouteAccess path={accessPath}>
            <Screen />
          </RequireRouteAccess>
        ),
      };
    },
  };
}

/** A lazy route with no role check of its own: the sign-in pages, the TV screens, the customers' pages. */
function lazyRoute(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

function FirstLoadSpinner() {
  return <LoadingSpinner fullScreen />;
}

/** A jobs route bound to one kind: the screen of /orders… or /repairs…. */
function forKind(kind: TJobKind, Route: ComponentType<{ kind: TJobKind }>): ComponentType {
  return function JobScreen() {
    return <Route kind={kind} />;
  };
}

const BUILT_SCREENS: RouteObject[] = [
  screen(
    paths.rfidMapping,
    async () => (await import('@/features/rfid-mapping/routes/rfid-mapping-route')).RfidMappingRoute,
  ),
  screen(paths.dashboard, async () => (await import('./routes/dashboard-screen')).DashboardScreen),
  screen(
    paths.departments,
    async () => (await import('@/features/departments/routes/departments-route')).DepartmentsRoute,
  ),
  screen(
    paths.stationDetail,
    async () => (await import('@/features/stations/routes/station-route')).StationRoute,
    paths.departments,
  ),
  screen(paths.offsite, async () => (await import('@/features/offsite/routes/offsite-route')).OffsiteRoute),
  screen(
    paths.workflowDashboard,
    async () => (await import('@/features/workflow/routes/workflow-dashboard-route')).WorkflowDashboardRoute,
  ),
  screen(paths.alerts, async () => (await import('@/features/alerts/routes/alerts-route')).AlertsRoute),
  screen(
    paths.safeCounts,
    async () => (await import('@/features/safe-counts/routes/safe-counts-route')).SafeCountsRoute,
  ),
  // Issue 39: bags between locations, and a location's day (its departments from the departments feature).
  screen(
    paths.transfers,
    async () => (await import('@/features/transfers/routes/transfers-route')).TransfersRoute,
  ),
  screen(
    paths.transferDetail,
    async () => (await import('@/features/transfers/routes/transfer-detail-route')).TransferDetailRoute,
    paths.transfers,
  ),
  screen(paths.locationDetail, async () => {
    const [{ LocationRoute }, { DepartmentsBoard }] = await Promise.all([
      import('@/features/transfers/routes/location-route'),
      import('@/features/departments/components/departments-board'),
    ]);
    return function LocationScreen() {
      return (
        <LocationRoute
          departments={(location) => <DepartmentsBoard location={location} canManage={false} />}
        />
      );
    };
  }),
  screen(
    paths.aiSettings,
    async () => (await import('@/features/assistant/routes/ai-settings-route')).AiSettingsRoute,
  ),
  screen(paths.myTasks, async () => (await import('@/features/workflow/routes/my-tasks-route')).MyTasksRoute),
  screen(
    paths.managerDepartment,
    async () => (await import('@/features/workflow/routes/manager-department-route')).ManagerDepartmentRoute,
  ),
  screen(
    paths.designerWorkspace,
    async () => (await import('@/features/designs/routes/designer-workspace-route')).DesignerWorkspaceRoute,
  ),
  // Issue 13: the analytics screens; charts load with them, never with the sign-in page.
  screen(
    paths.workflowAnalytics,
    async () => (await import('@/features/analytics/routes/workflow-analytics-route')).WorkflowAnalyticsRoute,
  ),
  screen(
    paths.onTimeDelivery,
    async () => (await import('@/features/analytics/routes/on-time-delivery-route')).OnTimeDeliveryRoute,
  ),
  screen(
    paths.productTypePerformance,
    async () =>
      (await import('@/features/analytics/routes/product-type-performance-route'))
        .ProductTypePerformanceRoute,
  ),
  screen(
    paths.comparisonAnalytics,
    async () =>
      (await import('@/features/analytics/routes/comparison-analytics-route')).ComparisonAnalyticsRoute,
  ),
  screen(
    paths.capacityPlanning,
    async () => (await import('@/features/analytics/routes/capacity-planning-route')).CapacityPlanningRoute,
  ),
  screen(
    paths.rootCauseDashboard,
    async () =>
      (await import('@/features/analytics/routes/root-cause-dashboard-route')).RootCauseDashboardRoute,
  ),
  screen(
    paths.transitAnalytics,
    async () => (await import('@/features/analytics/routes/transit-analytics-route')).TransitAnalyticsRoute,
  ),
  // Orders and repairs are one feature, its routes parameterised by kind (issue 33 §2).
  screen(paths.orders, async () =>
    forKind('order', (await import('@/features/jobs/routes/jobs-route')).JobsRoute),
  ),
  screen(
    paths.orderNew,
    async () => forKind('order', (await import('@/features/jobs/routes/job-new-route')).JobNewRoute),
    paths.orders,
  ),
  screen(
    paths.orderDetail,
    async () => {
      // The order page shows the order's design (issue 17 §4): composed here, as features never import each other.
      const [{ JobDetailRoute }, { OrderDesignPanel }] = await Promise.all([
        import('@/features/jobs/routes/job-detail-route'),
        import('@/features/designs/components/order-design-panel'),
      ]);
      return function OrderDetailScreen() {
        return (
          <JobDetailRoute kind="order" designPanel={(orderId) => <OrderDesignPanel orderId={orderId} />} />
        );
      };
    },
    paths.orders,
  ),
  screen(
    paths.orderEdit,
    async () => forKind('order', (await import('@/features/jobs/routes/job-edit-route')).JobEditRoute),
    paths.orders,
  ),
  screen(paths.repairs, async () =>
    forKind('repair', (await import('@/features/jobs/routes/jobs-route')).JobsRoute),
  ),
  screen(
    paths.repairNew,
    async () => forKind('repair', (await import('@/features/jobs/routes/job-new-route')).JobNewRoute),
    paths.repairs,
  ),
  screen(
    paths.repairDetail,
    async () => forKind('repair', (await import('@/features/jobs/routes/job-detail-route')).JobDetailRoute),
    paths.repairs,
  ),
  screen(
    paths.repairEdit,
    async () => forKind('repair', (await import('@/features/jobs/routes/job-edit-route')).JobEditRoute),
    paths.repairs,
  ),
];

/** Every route of spec §2; screens are lazy-loaded so the sign-in page stays small. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    // While the first screen's lazy routes load, the spinner index.html painted stays, not a blank page (and
    // React Router has its fallback instead of warning in the console on every load).
    HydrateFallback: FirstLoadSpinner,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              lazyRoute(
                paths.login,
                async () => (await import('@/features/auth/routes/login-route')).LoginRoute,
              ),
              lazyRoute(
                paths.register,
                async () => (await import('@/features/auth/routes/register-route')).RegisterRoute,
              ),
            ],
          },
          lazyRoute(
            paths.forgotPassword,
            async () => (await import('@/features/auth/routes/forgot-password-route')).ForgotPasswordRoute,
          ),
          lazyRoute(
            paths.resetPassword,
            async () => (await import('@/features/auth/routes/reset-password-route')).ResetPasswordRoute,
          ),
          lazyRoute(
            paths.verifyEmail,
            async () => (await import('@/features/auth/routes/verify-email-route')).VerifyEmailRoute,
          ),
        ],
      },
      // Station TVs (issue 14): full screen, and reachable without signing in — a TV has its own credential.
      lazyRoute(
        paths.tvSetup,
        async () => (await import('@/features/tv/routes/tv-setup-route')).TvSetupRoute,
      ),
      lazyRoute(
        paths.jewelerTv,
        async () => (await import('@/features/tv/routes/jeweler-tv-route')).JewelerTvRoute,
      ),
      // A job's public tracking page (issue 15 §6): for customers, who never sign in.
      lazyRoute(
        paths.publicTracking,
        async () =>
          (await import('@/features/public-tracking/routes/public-tracking-route')).PublicTrackingRoute,
      ),
      // A design revision's approval page (issue 17 §3): for customers, who never sign in.
      lazyRoute(
        paths.designApproval,
        async () => (await import('@/features/designs/routes/design-approval-route')).DesignApprovalRoute,
      ),
      {
        element: <RequireAuth />,
        children: [
          { path: paths.ai, element: <Navigate to={paths.aiAssistant} replace /> },
          lazyRoute(
            paths.aiAssistant,
            async () => (await import('@/features/assistant/routes/assistant-route')).AssistantRoute,
          ),
          lazyRoute(
            paths.aiAssistantV2,
            async () => (await import('@/features/assistant/routes/assistant-v2-route')).AssistantV2Route,
          ),
          {
            lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              ...BUILT_SCREENS,
              lazyRoute(
                paths.settings,
                async () => (await import('./routes/settings-screen')).SettingsScreen,
              ),
              lazyRoute(
                paths.settingsSection,
                async () => (await import('./routes/settings-screen')).SettingsScreen,
              ),
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./routes/not-found-screen')).NotFoundScreen }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
