/** Settings › customer messages and its outbox (issue 15 §5). */
export const customerMessagesQueryKeys = {
  settings: ['settings', 'customer-messages'] as const,
  outbox: ['customer-messages', 'outbox'] as const,
};
