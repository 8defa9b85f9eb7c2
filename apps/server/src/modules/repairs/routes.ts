import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../app.ts';

/** Placeholder: issue 5 fills this module. */
export async function registerRepairsRoutes(_instance: FastifyInstance, _options: { services: TServices }) {}
