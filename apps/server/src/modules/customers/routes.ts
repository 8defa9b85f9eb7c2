import { listPageSchema, ZListQuerySchema } from '@loupe/domain/api/list';
import { CUSTOMER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateCustomerInputSchema,
  ZCustomerSchema,
  ZUpdateCustomerInputSchema,
} from '@loupe/domain/customers/customer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TCustomersService } from './service.ts';

/** Customers (issue 5 §2): looked up by everyone, entered by whoever takes in orders or repairs. */
export async function registerCustomersRoutes(
  instance: FastifyInstance,
  options: { readonly customers: TCustomersService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { customers } = options;

  app.get(
    '/customers',
    apiRoute('signed-in', {
      tags: ['customers'],
      summary: 'List customers by name; q matches name, e-mail or phone digits',
      querystring: ZListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZCustomerSchema)) },
    }),
    async (request) => ok(await customers.list(currentUserOf(request), request.query)),
  );

  app.post(
    '/customers',
    apiRoute(CUSTOMER_EDITOR_ROLES, {
      tags: ['customers'],
      summary: 'Create a customer (a phone number or an e-mail address is required)',
      body: ZCreateCustomerInputSchema,
      response: { 201: resultWithData(ZCustomerSchema) },
    }),
    async (request, reply) => {
      const customer = await customers.create(currentUserOf(request), request.body);
      return reply.status(201).send(ok(customer, 'Customer created.'));
    },
  );

  app.get(
    '/customers/:id',
    apiRoute('signed-in', {
      tags: ['customers'],
      summary: 'One customer',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZCustomerSchema) },
    }),
    async (request) => ok(await customers.get(currentUserOf(request), request.params.id)),
  );

  app.patch(
    '/customers/:id',
    apiRoute(CUSTOMER_EDITOR_ROLES, {
      tags: ['customers'],
      summary: 'Change a customer (fields left out keep their value; the result must stay reachable)',
      params: ZIdParamsSchema,
      body: ZUpdateCustomerInputSchema,
      response: { 200: resultWithData(ZCustomerSchema) },
    }),
    async (request) => {
      const customer = await customers.update(currentUserOf(request), request.params.id, request.body);
      return ok(customer, 'Customer updated.');
    },
  );
}
