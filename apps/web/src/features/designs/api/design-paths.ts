/** API paths several design calls share. */
export type TRevisionRef = { requestId: string; revisionId: string };

const revisionPath = ({ requestId, revisionId }: TRevisionRef) =>
  `design-requests/${encodeURIComponent(requestId)}/revisions/${encodeURIComponent(revisionId)}`;

export const approvalLinkPath = (revision: TRevisionRef) => `${revisionPath(revision)}/approval-link`;

export const revisionFilesPath = (revision: TRevisionRef) => `${revisionPath(revision)}/files`;
