/// <reference types="vite/client" />
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Calls `onBuild` for every schema zod constructs, through the hook zod keeps for `zod/compile`
 * (`globalThis.__zod_globalConfig.postProcessor`). The hook is internal to zod, so this checks it still fires.
 */
type TZodGlobalConfig = { postProcessor?: (schema: unknown) => void };
let stopWatching: (() => void) | undefined;
afterEach(() => stopWatching?.());

function watchConstructions(onBuild: (schema: z.ZodType) => void): void {
  const config = (globalThis as { __zod_globalConfig?: TZodGlobalConfig }).__zod_globalConfig;
  if (!config) throw new Error('zod no longer exposes its global config');
  const previous = config.postProcessor;
  let probed = false;
  config.postProcessor = (schema) => {
    if (probed) onBuild(schema as z.ZodType);
    else probed = true;
    previous?.(schema);
  };
  stopWatching = () => {
    config.postProcessor = previous;
  };
  z.string();
  if (!probed) throw new Error("zod's postProcessor hook no longer fires");
}

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const ZPiece = lazySchema(() => {
      builds += 1;
      return z.object({ sku: z.string().min(1), grams: z.number().positive() });
    });
    expect(builds).toBe(0);
    expect(ZPiece.parse({ sku: 'RG-1', grams: 3.2 })).toEqual({ sku: 'RG-1', grams: 3.2 });
    expect(ZPiece.safeParse({ sku: '', grams: 3.2 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('parses, composes and unwraps like the schema it stands for', () => {
    const ZStone = lazySchema(() => z.object({ kind: z.enum(['diamond', 'sapphire']), carats: z.number() }));
    const ZSetting = lazySchema(() => z.object({ stones: z.array(ZStone).min(1) }));
    const ZSettingWithNote = lazySchema(() => ZSetting.unwrap().extend({ note: z.string().optional() }));

    expect(ZSettingWithNote.parse({ stones: [{ kind: 'diamond', carats: 0.5 }], note: 'halo' })).toEqual({
      stones: [{ kind: 'diamond', carats: 0.5 }],
      note: 'halo',
    });
    const failure = ZSetting.safeParse({ stones: [{ kind: 'ruby', carats: 1 }] });
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.path).toEqual(['stones', 0, 'kind']);
    expect(ZStone.unwrap().shape.kind.options).toEqual(['diamond', 'sapphire']);
    expect(z.toJSONSchema(ZSetting)).toMatchObject({
      type: 'object',
      properties: { stones: { type: 'array', items: { type: 'object', required: ['kind', 'carats'] } } },
    });
  });

  it('builds nothing but the wrapper until it parses', () => {
    const built: string[] = [];
    watchConstructions((schema) => built.push(schema.def.type));
    const ZLeaf = lazySchema(() => z.string());
    const ZBranch = lazySchema(() => z.object({ leaf: ZLeaf }));
    expect(built).toEqual(['lazy', 'lazy']);
    ZBranch.parse({ leaf: 'gold' });
    expect(built).toEqual(['lazy', 'lazy', 'object', 'string']);
  });
});

describe('the domain', () => {
  it('builds no schema as its modules load', async () => {
    const modules = import.meta.glob(['../**/*.ts', '!../**/*.test.ts', '!../**/*.fixture.ts']);
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    const root = import.meta.url.replace(/^file:\/\//, '').replace(/validation\/lazy-schema\.test\.ts$/, '');
    // Each build during the imports, named by the module line that asked for it (the outermost domain frame).
    const builtAt = new Set<string>();
    watchConstructions((schema) => {
      if (schema.def.type === 'lazy') return;
      const asker = (new Error().stack ?? '')
        .split('\n')
        .filter((frame) => frame.includes(root) && !frame.includes('lazy-schema'))
        .at(-1);
      builtAt.add(
        asker?.replace(/^.*?\((.*):\d+\)$|^\s*at (.*):\d+$/, '$1$2').replace(root, '') ?? 'unknown',
      );
    });
    for (const load of Object.values(modules)) await load();
    expect([...builtAt]).toEqual([]);
  });

  it('hands z.record keys and union discriminators their schema itself, which a lazy one would hide', async () => {
    // zod reads an enum key's values to require every key of a record, and a discriminator's values to pick a
    // union's option; a lazy wrapper does not pass them on, so such a record would accept missing keys.
    const modules = import.meta.glob(['../**/*.ts', '!../**/*.test.ts', '!../**/*.fixture.ts']);
    const hidden: string[] = [];
    const seen = new Set<unknown>();
    const isSchema = (value: unknown): value is z.ZodType =>
      typeof value === 'object' && value !== null && '_zod' in value;
    const visit = (schema: z.ZodType, where: string): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      const def = schema.def as unknown as Record<string, unknown>;
      if (def.type === 'lazy') {
        visit((schema as z.ZodLazy<z.ZodType>).unwrap(), where);
        return;
      }
      if (def.type === 'record' && isSchema(def.keyType) && def.keyType.def.type === 'lazy') {
        hidden.push(`${where}: a record's key`);
      }
      if (def.type === 'union' && typeof def.discriminator === 'string') {
        for (const option of def.options as z.ZodType[]) {
          const shape = (option.def as unknown as { shape?: Record<string, z.ZodType> }).shape;
          if (shape?.[def.discriminator]?.def.type === 'lazy')
            hidden.push(`${where}: '${def.discriminator}'`);
        }
      }
      const children = [
        def.shape,
        def.options,
        def.element,
        def.innerType,
        def.in,
        def.out,
        def.keyType,
        def.valueType,
      ];
      for (const child of children.flatMap((value) =>
        isSchema(value)
          ? [value]
          : Array.isArray(value)
            ? value
            : value && typeof value === 'object'
              ? Object.values(value)
              : [],
      )) {
        if (isSchema(child)) visit(child, where);
      }
    };
    for (const [file, load] of Object.entries(modules)) {
      for (const [name, value] of Object.entries((await load()) as Record<string, unknown>)) {
        if (isSchema(value)) visit(value, `${file.replace('../', '')} ${name}`);
      }
    }
    expect(seen.size).toBeGreaterThan(1000);
    expect(hidden).toEqual([]);
  });
});
