// Writes docs/configuration.md from the descriptions in src/config.ts, the one place variables are defined.
// `npm run docs:config -w @loupe/server`; a test fails when the committed page is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderConfigDocs } from '../src/config-docs.ts';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/configuration.md');
writeFileSync(target, renderConfigDocs());
console.info(`wrote ${target}`);
