import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

// The fields the realtime payloads of events.ts and job-events.ts are made of.

export const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
export const ZIdSchema = lazySchema(() => z.string().min(1).max(200));
export const ZAntennaSchema = lazySchema(() => z.number().int().min(1).max(64));
export const ZItemTypeSchema = lazySchema(() => z.enum(['order', 'repair']));
