import { z } from 'zod';
import { ZPredictedCompletionSchema } from '../analytics/analytics-api';
import { ZAttachmentSchema } from '../catalog/catalog';
import { ZTrackedItemSummarySchema } from '../tracking/tracking-api';
import { jobLocationViewFields } from './job-locations';
import { ZJobStateSchema } from './job-views';

/** What the API's view of an order and of a repair both end with. */
export const jobViewTailFields = {
  photos: z.array(ZAttachmentSchema),
  tracking: ZTrackedItemSummarySchema.nullable(),
  /** Open jobs: when it will likely be done (issue 13); the detail answer has it, lists may leave it out. */
  predictedCompletion: ZPredictedCompletionSchema.nullable().optional(),
  /** Overdue, at risk, over its phase target…, as the job read model evaluates it; null once finished. */
  state: ZJobStateSchema.nullable(),
  ...jobLocationViewFields,
  createdAt: z.string(),
  updatedAt: z.string(),
};
