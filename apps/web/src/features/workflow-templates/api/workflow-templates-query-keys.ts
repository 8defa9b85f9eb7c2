/** The workflow template queries. */
export const workflowTemplatesQueryKeys = {
  // Under the workflow root: workflow events refresh it like the board.
  all: ['workflow', 'templates'] as const,
  productTypes: ['settings', 'product-types'] as const,
};
