import { z } from 'zod';
import { ZPredictedCompletionSchema } from '../analytics/analytics-api';
import { ZAttachmentSchema } from '../catalog/catalog';
import { ZTrackedItemSummarySchema } from '../tracking/tracking-api';
import { lazySchema } from '../validation/lazy-schema';
import { jobLocationViewFields } from './job-locations';
import { ZJobStateSchema } from './job-views';

/** What the API's view of an order and of a repair both end with. */
export const jobViewTailFields = {
  photos: lazySchema(() => z.array(ZAttachmentSchema)),
  tracking: lazySchema(() => ZTrackedItemSummarySchema.nullable()),
  /** Open jobs: when it will likely be done (issue 13); the detail answer has it, lists may leave it out. */
  predictedCompletion: lazySchema(() => ZPredictedCompletionSchema.nullable().optional()),
  /** Overdue, at risk, over its phase target…, as the job read model evaluates it; null once finished. */
  state: lazySchema(() => ZJobStateSchema.nullable()),
  ...jobLocationViewFields,
  createdAt: lazySchema(() => z.string()),
  updatedAt: lazySchema(() => z.string()),
};
