import { ZListQuerySchema } from '@loupe/domain/api/list';
import { CUSTOMER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateCustomerInputSchema,
  ZCustomerSchema,
  ZUpdateCustomerInputSchema,
} from '@loupe/domain/customers/customer';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { TCustomersService } from './service.ts';

/** Customers (issue 5 §2): looked up by everyone, entered by whoever takes in orders or repairs. */
export async function registerCustomersRoutes(
  instance: FastifyInstance,
  options: { readonly customers: TCustomersService },
) {
  const { customers } = options;
  registerResourceRoutes(instance, {
    path: '/customers',
    tag: 'customers',
    access: { read: 'signed-in', write: CUSTOMER_EDITOR_ROLES },
    item: ZCustomerSchema,
    list: {
      summary: 'List customers by name; q matches name, e-mail or phone digits',
      query: ZListQuerySchema,
      run: ({ actor, query }) => customers.list(actor, query),
    },
    create: {
      summary: 'Create a customer (a phone number or an e-mail address is required)',
      body: ZCreateCustomerInputSchema,
      message: 'Customer created.',
      run: ({ actor, body }) => customers.create(actor, body),
    },
    get: { summary: 'One customer', run: ({ actor, id }) => customers.get(actor, id) },
    update: {
      summary: 'Change a customer (fields left out keep their value; the result must stay reachable)',
      body: ZUpdateCustomerInputSchema,
      message: 'Customer updated.',
      run: ({ actor, id, body }) => customers.update(actor, id, body),
    },
  });
}
