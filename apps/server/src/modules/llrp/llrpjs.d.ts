/**
 * The part of llrpjs Loupe uses: its generated LLRP 1.0.1 message codec (from the LTK's llrp-1x0-def).
 * Imported from the compiled entry, since the package's `typings` point at TypeScript sources that do not
 * compile under this repository's strict settings (docs/decisions/023-llrp-connector.md).
 */
declare module 'llrpjs/dist/src/index.js' {
  type TLlrpjsEncodable = { encode(): { getBuffer(): Buffer } };
  type TLlrpjsDecoded = {
    getName(): string;
    toLLRPData(): { id: number; type: string; data?: unknown };
  };
  const llrpjs: {
    readonly LLRPCore: Readonly<
      Record<string, new (args: { id?: number; data?: unknown }) => TLlrpjsEncodable>
    >;
    readonly LLRPMessage: new (buffer: Buffer) => { decode(): TLlrpjsDecoded };
  };
  export default llrpjs;
}
