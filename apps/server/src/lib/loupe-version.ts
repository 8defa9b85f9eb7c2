import { readFileSync } from 'node:fs';

let version: string | null = null;

/** This Loupe's version, from the server's package.json (backup manifests, /metrics). */
export function loupeVersion(): string {
  version ??= (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return version;
}
