import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as constants from '@loupe/domain/config/constants';
import { describe, expect, it } from 'vitest';

// Issue 36: a constant of spec §9 that is declared and tested while nothing reads it pretends to be a
// feature. Every value in packages/domain/src/config/constants.ts must be read by the code that runs.
const root = join(import.meta.dirname, '../../..');
const sourceFolders = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const declaringFile = 'packages/domain/src/config/constants.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const code = sourceFolders
  .flatMap(sourceFiles)
  .map((file) => readFileSync(join(root, file), 'utf8'))
  .join('\n');

/**
 * `NAME` for a single value or a function, `NAME.key` for each key of a table. The declaring file counts:
 * its declarations never spell `NAME.key`, and its functions (formatScanToast) are checked by name.
 */
function readsOf(): string[] {
  return Object.entries(constants).flatMap(([name, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.keys(value).map((key) => `${name}.${key}`)
      : [name],
  );
}

describe('spec constants in use', () => {
  it.each(readsOf())('%s is read outside its declaration and tests', (read) => {
    expect(code.includes(read), `${read} is declared in ${declaringFile} but nothing reads it`).toBe(true);
  });
});
