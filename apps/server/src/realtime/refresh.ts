import { ZListQuerySchema } from '@loupe/domain/api/list';
import { canViewRepairs } from '@loupe/domain/auth/permissions';
import { ZOrderListQuerySchema } from '@loupe/domain/orders/order';
import type { TRefreshDataType } from '@loupe/domain/realtime/events';
import { ZRepairListQuerySchema } from '@loupe/domain/repairs/repair';
import type { TCurrentUser } from '../modules/auth/current-user.ts';
import type { TJobService } from '../modules/jobs/job-service.ts';
import type { TRegistryService } from '../modules/registry/service.ts';
import type { TTrackingService } from '../modules/tracking/service.ts';
import type { TUsersService } from '../modules/users/service.ts';

/** As many users as the settings screen's first page shows. */
const USERS_PAGE = 100;

/**
 * `request:refresh` (spec §7): a client that may have missed events (after a reconnect) asks for one kind of
 * data again and gets it in the acknowledgement, with the same permission checks and shapes as the HTTP
 * API: the tracked items, the first page of orders or repairs (default sort), the departments of every
 * location, the users (admins only), or the tracking stats.
 */
export function createRefreshHandler(services: {
  readonly tracking: TTrackingService;
  readonly orders: Pick<TJobService<unknown, unknown, unknown, unknown>, 'list'>;
  readonly repairs: Pick<TJobService<unknown, unknown, unknown, unknown>, 'list'>;
  readonly registry: TRegistryService;
  readonly usersAdmin: TUsersService;
}) {
  return async (user: TCurrentUser, dataType: TRefreshDataType): Promise<unknown> => {
    switch (dataType) {
      case 'tracking':
        return {
          orders: await services.tracking.listOrders(),
          repairs: canViewRepairs(user) ? await services.tracking.listRepairs(user) : [],
        };
      case 'orders':
        return services.orders.list(user, ZOrderListQuerySchema.parse({}));
      case 'repairs':
        return services.repairs.list(user, ZRepairListQuerySchema.parse({}));
      case 'departments':
        return services.registry.listDepartments(ZListQuerySchema.parse({ limit: 200 }));
      case 'users':
        return services.usersAdmin.list(user, { limit: USERS_PAGE, offset: 0 });
      case 'stats':
        return services.tracking.stats(user);
    }
  };
}
