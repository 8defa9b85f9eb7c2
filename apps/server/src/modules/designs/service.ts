import { createDesignsCommon, type TDesignsServiceOptions } from './common.ts';
import { createCustomerApproval } from './customer-approval.ts';
import { createDesignRequests } from './requests.ts';
import { createDesignRevisions } from './revisions.ts';

/**
 * Design requests, revisions and the customer's approval (issue 17 §2–4). Designers and admins work on
 * requests; a salesperson sees and sends those of their own orders; the customer answers through a public link.
 * Events and notices go out after the transaction committed. One file per use case; this puts them together.
 */
export function createDesignsService(options: TDesignsServiceOptions) {
  const common = createDesignsCommon(options);
  return {
    ...createDesignRequests(options, common),
    ...createDesignRevisions(options, common),
    ...createCustomerApproval(options, common),
  };
}

export type TDesignsService = ReturnType<typeof createDesignsService>;
