import type { TListPage, TListQuery } from '@loupe/domain/api/list';
import { canEditCustomers } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import {
  customerSearchText,
  type TCreateCustomerInput,
  type TCustomer,
  type TUpdateCustomerInput,
  ZContactChannelSchema,
  ZCreateCustomerInputSchema,
} from '@loupe/domain/customers/customer';
import { AppError } from '@loupe/domain/errors/errors';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { isString, pageBySortName, parseCursor } from '../../lib/keyset.ts';
import { forbidden, validationError } from '../../lib/service-errors.ts';
import type { TCustomerRow, TCustomersRepository } from './repository.ts';

export function toCustomer(row: TCustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    // Stored as JSON: a channel this version does not know is left out rather than failing the answer.
    contactPreferences: row.contactPreferences.flatMap((channel) => {
      const parsed = ZContactChannelSchema.safeParse(channel);
      return parsed.success ? [parsed.data] : [];
    }),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This customer does not exist.');
}

/** Customers: anyone signed in looks them up; whoever takes in work (CUSTOMER_EDITOR_ROLES) enters them. */
export function createCustomersService(options: {
  readonly customers: TTransactional<TCustomersRepository>;
  readonly clock: TClock;
}) {
  const { customers, clock } = options;

  return {
    async list(_actor: TActor, query: TListQuery): Promise<TListPage<TCustomer>> {
      const after = parseCursor(query.cursor, isString);
      const { rows, total } = await customers.list({ q: query.q, limit: query.limit, after });
      return { ...pageBySortName(rows, query.limit, toCustomer), total };
    },

    async get(_actor: TActor, id: string): Promise<TCustomer> {
      const row = await customers.findById(id);
      if (!row) throw notFound();
      return toCustomer(row);
    },

    async create(actor: TActor, input: TCreateCustomerInput): Promise<TCustomer> {
      if (!canEditCustomers(actor)) throw forbidden();
      const now = clock();
      const row = await customers.insert({
        name: input.name,
        phone: input.phone ?? null,
        email: input.email ?? null,
        contactPreferences: input.contactPreferences ?? [],
        notes: input.notes ?? '',
        searchText: customerSearchText(input),
        createdAt: now,
        updatedAt: now,
      });
      return toCustomer(row);
    },

    /**
     * Applies the change to the stored customer and checks the result as a new customer would be checked
     * (a customer must stay reachable). A new name is written into their orders' and repairs' search text
     * in the same transaction.
     */
    async update(actor: TActor, id: string, changes: TUpdateCustomerInput): Promise<TCustomer> {
      if (!canEditCustomers(actor)) throw forbidden();
      const row = await customers.withTransaction(async (repository) => {
        const current = await repository.findById(id);
        if (!current) throw notFound();
        const defined = Object.fromEntries(
          Object.entries(changes).filter(([, value]) => value !== undefined),
        );
        const merged = ZCreateCustomerInputSchema.safeParse({
          name: current.name,
          phone: current.phone,
          email: current.email,
          contactPreferences: toCustomer(current).contactPreferences,
          notes: current.notes,
          ...defined,
        });
        if (!merged.success) throw validationError(merged.error);
        const value = merged.data;
        const updated = await repository.update(id, {
          name: value.name,
          phone: value.phone ?? null,
          email: value.email ?? null,
          contactPreferences: value.contactPreferences ?? [],
          notes: value.notes ?? '',
          searchText: customerSearchText(value),
          updatedAt: clock(),
        });
        if (!updated) throw notFound();
        if (updated.name !== current.name) await repository.refreshItemSearchText(id, updated.name);
        return updated;
      });
      return toCustomer(row);
    },
  };
}

export type TCustomersService = ReturnType<typeof createCustomersService>;
