/** The HTTP ingest of docs/rfid-readers.md, as a reader calls it: POST with the reader's key in X-API-Key. */

export type TIngestFormat = 'zebra' | 'impinj' | 'reads';

export type TIngestSummary = {
  readonly accepted: number;
  readonly repeats: number;
  readonly rejected: { readonly index: number; readonly message: string }[];
  readonly ignored: number;
  readonly heartbeats: number;
};

/** Posts one payload to /api/v1/rfid/{zebra|impinj|reads}; resolves once Loupe has recorded it (2xx). */
export async function postReaderPayload(
  baseUrl: string,
  apiKey: string,
  format: TIngestFormat,
  payload: string,
): Promise<TIngestSummary> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/v1/rfid/${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: payload,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/v1/rfid/${format} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: TIngestSummary }).data;
}
