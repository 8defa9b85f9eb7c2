/** Under the 'assistant' root. */
export const assistantQueryKeys = {
  all: ['assistant'] as const,
  conversations: ['assistant', 'conversations'] as const,
  conversation: (id: string) => ['assistant', 'conversations', id] as const,
  settings: ['assistant', 'settings'] as const,
};
