/**
 * What a job ticket's QR code holds: compact JSON, `{"n":"ORD-00042","epc":"E2801160…"}`, or
 * `{"n":"ORD-00042"}` while no tag is assigned. JSON rather than "number|EPC" so a scanner app can tell the
 * fields apart without knowing their order, and later fields can be added without breaking it.
 */
export function jobTicketQrValue(number: string, epc: string | null): string {
  return JSON.stringify(epc === null ? { n: number } : { n: number, epc });
}
