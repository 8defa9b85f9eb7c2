import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { schema } from './client.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema');

describe('the schema areas', () => {
  it('gives the database client every table and sequence that drizzle-kit migrates', async () => {
    // drizzle-kit reads every file of db/schema/ (drizzle.config.ts); client.ts lists them by hand.
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const exported = new Map<string, unknown>();
    for (const file of files) {
      const area: Record<string, unknown> = await import(path.join(folder, file));
      for (const [name, value] of Object.entries(area)) {
        if (typeof value === 'object' && value !== null) exported.set(name, value);
      }
    }
    expect(exported.size).toBeGreaterThan(50);
    expect(Object.keys(schema).sort()).toEqual([...exported.keys()].sort());
    for (const [name, value] of exported) expect(schema[name as keyof typeof schema]).toBe(value);
  });
});
