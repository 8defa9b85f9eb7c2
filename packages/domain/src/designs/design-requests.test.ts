import { describe, expect, it } from 'vitest';
import {
  maySendRevision,
  phaseAfterDesignApproval,
  statusAfterDecision,
  ZDesignDecisionInputSchema,
} from './design-requests';

const phases = ['design', 'approval', 'cad', 'casting'].map((key) => ({ key }));

describe('phaseAfterDesignApproval', () => {
  it.each([
    { current: 'design', expected: { to: 'cad', skipped: ['approval'] } },
    { current: 'approval', expected: { to: 'cad', skipped: [] } },
    { current: 'cad', expected: null },
    { current: 'casting', expected: null },
  ])('moves a job in $current to $expected.to', ({ current, expected }) => {
    expect(phaseAfterDesignApproval(phases, current)).toEqual(expected);
  });

  it('leaves a template without a design phase alone', () => {
    expect(phaseAfterDesignApproval([{ key: 'bench' }, { key: 'qa' }], 'bench')).toBeNull();
  });

  it('finishes a workflow whose last phase is the approval', () => {
    expect(phaseAfterDesignApproval([{ key: 'design' }, { key: 'approval' }], 'design')).toEqual({
      to: null,
      skipped: ['approval'],
    });
  });
});

describe('design decisions', () => {
  it('maps each decision to the status the request takes', () => {
    expect(statusAfterDecision('approved')).toBe('approved');
    expect(statusAfterDecision('changes-requested')).toBe('changes-requested');
  });

  it('needs a comment to ask for changes, not to approve', () => {
    const name = 'Grace Hopper';
    expect(ZDesignDecisionInputSchema.safeParse({ decision: 'approved', name }).success).toBe(true);
    expect(
      ZDesignDecisionInputSchema.safeParse({ decision: 'changes-requested', name, comment: ' ' }).success,
    ).toBe(false);
    expect(
      ZDesignDecisionInputSchema.safeParse({ decision: 'changes-requested', name, comment: 'Thinner band' })
        .success,
    ).toBe(true);
  });

  it('needs the name the customer types to confirm either answer (issue 35 §7)', () => {
    for (const name of [undefined, '', '   ']) {
      const parsed = ZDesignDecisionInputSchema.safeParse({ decision: 'approved', name });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['name']);
    }
    expect(ZDesignDecisionInputSchema.parse({ decision: 'approved', name: '  Grace Hopper ' }).name).toBe(
      'Grace Hopper',
    );
  });

  it('sends only a revision not answered yet, of a request not approved', () => {
    expect(maySendRevision({ status: 'in-progress' }, { decision: null })).toBe(true);
    expect(maySendRevision({ status: 'approved' }, { decision: null })).toBe(false);
    expect(maySendRevision({ status: 'changes-requested' }, { decision: 'changes-requested' })).toBe(false);
  });
});
