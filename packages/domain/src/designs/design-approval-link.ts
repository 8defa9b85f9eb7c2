import { isFinishedOrderStatus } from '../orders/order';

/** Why a customer's approval link no longer opens (issue 35 §7). */
export const APPROVAL_LINK_EXPIRY_REASONS = ['order-finished', 'superseded'] as const;
export type TApprovalLinkExpiryReason = (typeof APPROVAL_LINK_EXPIRY_REASONS)[number];

/** What the customer reads for each reason, on the page and in the API's error message. */
export const APPROVAL_LINK_EXPIRED_MESSAGES: Readonly<Record<TApprovalLinkExpiryReason, string>> = {
  'order-finished': 'This design link has expired: the order it belongs to is finished.',
  superseded: 'This design link has expired: we sent you a newer design. Please open the newest link.',
};

export type TApprovalLinkState =
  | { readonly kind: 'live' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'expired'; readonly reason: TApprovalLinkExpiryReason };

/**
 * Whether a revision's link still opens: not once its order is delivered or cancelled, nor once a newer revision
 * of the request was sent (the customer answers the latest only). Those expire with their reason; a link revoked
 * by hand for any other reason is simply not found, as a token never issued (docs/decisions/010).
 */
export function approvalLinkState(input: {
  readonly isRevoked: boolean;
  readonly orderStatus: string;
  readonly revisionNumber: number;
  /** The highest number of the request's revisions sent to the customer. */
  readonly newestSentNumber: number | null;
}): TApprovalLinkState {
  if (isFinishedOrderStatus(input.orderStatus)) {
    return { kind: 'expired', reason: 'order-finished' };
  }
  if (input.newestSentNumber !== null && input.newestSentNumber > input.revisionNumber) {
    return { kind: 'expired', reason: 'superseded' };
  }
  return input.isRevoked ? { kind: 'not-found' } : { kind: 'live' };
}
