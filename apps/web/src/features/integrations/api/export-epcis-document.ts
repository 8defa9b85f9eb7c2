import { type TEpcisExportQuery, ZEpcisExportQuerySchema } from '@loupe/domain/integrations/epcis';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** What the web reads of an exported document to tell an empty range; the file is saved as it came. */
const ZEpcisDocumentSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('EPCISDocument'),
    epcisBody: z.looseObject({ eventList: z.array(z.unknown()) }),
  }),
);

export type TEpcisExport = {
  /** The document, byte for byte as the server sent it. */
  readonly blob: Blob;
  readonly eventCount: number;
};

/**
 * GET /epcis/documents: a time range's events (`from` inclusive, `to` exclusive) as one EPCIS 2.0 document
 * (application/ld+json, not Loupe's envelope).
 */
export async function exportEpcisDocument(query: TEpcisExportQuery): Promise<TEpcisExport> {
  const searchParams = ZEpcisExportQuerySchema.parse(query);
  const blob = await apiClient.download('epcis/documents', { searchParams });
  const document = ZEpcisDocumentSchema.parse(JSON.parse(await blob.text()));
  return { blob, eventCount: document.epcisBody.eventList.length };
}

export function useExportEpcisDocument() {
  return useMutation({ mutationFn: exportEpcisDocument });
}
