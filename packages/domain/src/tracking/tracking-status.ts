import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** Client tracking status of an order or repair (spec §3, §4). */
export const TRACKING_STATUSES = ['active', 'offsite', 'returned'] as const;

export const ZTrackingStatusSchema = lazySchema(() => z.enum(TRACKING_STATUSES));
export type TTrackingStatus = z.infer<typeof ZTrackingStatusSchema>;
