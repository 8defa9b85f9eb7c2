/**
 * The envelope's paper sizes (issue 37 §4): A5 portrait, or a US #10 envelope (4⅛ × 9½ in) fed landscape.
 * The browser prints to the size `@page` names; Save as PDF keeps it.
 */
export const ENVELOPE_SIZES = {
  a5: { label: 'A5 (148 × 210 mm)', page: '148mm 210mm', width: '148mm', minHeight: '210mm' },
  no10: { label: '#10 envelope (9½ × 4⅛ in)', page: '9.5in 4.125in', width: '9.5in', minHeight: '4.125in' },
} as const;
export type TEnvelopeSize = keyof typeof ENVELOPE_SIZES;

/** The print stylesheet: only the envelope's copy under <body> prints, on a page of its size. */
export function envelopePrintCss(size: TEnvelopeSize, rootAttribute: string): string {
  return `
@media print {
  body > *:not([${rootAttribute}]) { display: none !important; }
  [${rootAttribute}] { display: block !important; }
  @page { size: ${ENVELOPE_SIZES[size].page}; margin: 6mm; }
}
`;
}
