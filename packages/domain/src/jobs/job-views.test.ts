import { describe, expect, it } from 'vitest';
import { JOB_VIEWS, summarizeJobs, ZJobSummarySchema } from './job-views';

describe('ZJobSummarySchema', () => {
  it('takes the summary summarizeJobs makes, and refuses one that leaves a view out', () => {
    const summary = summarizeJobs(['order', 'repair'], []);
    expect(ZJobSummarySchema.parse(summary)).toEqual(summary);

    const { overdue: _left, ...fewer } = summary.counts;
    expect(Object.keys(fewer)).toHaveLength(JOB_VIEWS.length - 1);
    const refused = ZJobSummarySchema.safeParse({ ...summary, counts: fewer });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['counts', 'overdue']);
  });
});
