import { z } from 'zod';

// The fields the realtime payloads of events.ts and job-events.ts are made of.

export const ZTimestampSchema = z.iso.datetime({ offset: true });
export const ZIdSchema = z.string().min(1).max(200);
export const ZAntennaSchema = z.number().int().min(1).max(64);
export const ZItemTypeSchema = z.enum(['order', 'repair']);
