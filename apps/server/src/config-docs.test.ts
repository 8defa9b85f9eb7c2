import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';
import { renderConfigDocs } from './config-docs.ts';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/configuration.md',
);

describe('docs/configuration.md', () => {
  it('documents every variable config.ts parses, as generated', () => {
    const page = readFileSync(committed, 'utf8');
    expect(page, 'run `npm run docs:config -w @loupe/server`').toBe(renderConfigDocs());
    for (const name of Object.keys(CONFIG_VARIABLES)) expect(page).toContain(`\`${name}\``);
  });
});
