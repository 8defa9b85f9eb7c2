/** Settings › integrations (issue 41): the webhook subscriptions and their delivery log. */
export const webhooksQueryKeys = {
  subscriptions: ['webhooks', 'subscriptions'] as const,
  deliveries: ['webhooks', 'deliveries'] as const,
};
