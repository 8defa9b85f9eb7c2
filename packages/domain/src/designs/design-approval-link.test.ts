import { describe, expect, it } from 'vitest';
import { approvalLinkState } from './design-approval-link';

const live = { isRevoked: false, orderStatus: 'awaiting_approval', revisionNumber: 2, newestSentNumber: 2 };

describe('approvalLinkState (issue 35 §7)', () => {
  it('opens the latest sent revision of an open order', () => {
    expect(approvalLinkState(live)).toEqual({ kind: 'live' });
  });

  it.each(['delivered', 'cancelled'])('expires once the order is %s, answered or not', (orderStatus) => {
    expect(approvalLinkState({ ...live, orderStatus })).toEqual({
      kind: 'expired',
      reason: 'order-finished',
    });
    expect(approvalLinkState({ ...live, orderStatus, isRevoked: true })).toEqual({
      kind: 'expired',
      reason: 'order-finished',
    });
  });

  it('expires once a newer revision was sent, though a newer draft alone changes nothing', () => {
    expect(approvalLinkState({ ...live, newestSentNumber: 3, isRevoked: true })).toEqual({
      kind: 'expired',
      reason: 'superseded',
    });
    expect(approvalLinkState({ ...live, revisionNumber: 1, newestSentNumber: 1 })).toEqual({ kind: 'live' });
  });

  it('answers not found for a link revoked by hand', () => {
    expect(approvalLinkState({ ...live, isRevoked: true })).toEqual({ kind: 'not-found' });
  });
});
