// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInChunkGroup } from './chunk-groups';

const src = '/app/src';
const at = (file: string) => path.join(src, file);
const RADIX = '/app/node_modules/radix-ui/dist/index.mjs';
const SLOT = '/app/node_modules/@radix-ui/react-slot/dist/index.mjs';
const SELECT = '/app/node_modules/@radix-ui/react-select/dist/index.mjs';
const POPPER = '/app/node_modules/@radix-ui/react-popper/dist/index.mjs';
const TSLIB = '/app/node_modules/tslib/tslib.es6.mjs';

type TModule = { code?: string; imports?: string[]; lazy?: string[] };

/** A module graph as Rolldown describes it to a code-splitting group. */
function graphOf(modules: Record<string, TModule>) {
  const importers = (id: string) =>
    Object.entries(modules)
      .filter(([, module]) => module.imports?.includes(id))
      .map(([importer]) => importer);
  return {
    getModuleInfo: (id: string) => {
      const module = modules[id];
      return module
        ? {
            code: module.code ?? '',
            importedIds: module.imports ?? [],
            dynamicallyImportedIds: module.lazy ?? [],
            importers: importers(id),
          }
        : null;
    },
  };
}

describe('the signed-in chunk group', () => {
  it('takes the Radix primitives only the shell names, though the sign-in page imports the radix-ui index too', () => {
    const graph = graphOf({
      [at('main.tsx')]: {
        imports: [],
        lazy: [at('app/layouts/auth-layout.tsx'), at('app/layouts/app-layout.tsx')],
      },
      [at('app/layouts/auth-layout.tsx')]: { imports: [at('components/ui/button.tsx')] },
      [at('features/auth/routes/login-route.tsx')]: { imports: [at('components/ui/button.tsx')] },
      [at('components/ui/button.tsx')]: { code: "import { Slot } from 'radix-ui';", imports: [RADIX] },
      [at('app/layouts/app-layout.tsx')]: {
        imports: [at('components/ui/select.tsx'), at('components/ui/button.tsx')],
      },
      [at('app/layouts/live-connection.tsx')]: {},
      [at('app/guards/require-route-access.tsx')]: {},
      [at('components/toaster.tsx')]: {},
      [at('lib/auth/amplify.ts')]: { imports: [TSLIB] },
      [at('lib/auth/identity-info.ts')]: {},
      [at('components/ui/select.tsx')]: {
        code: "import { Select as SelectPrimitive } from 'radix-ui';",
        imports: [RADIX],
      },
      [RADIX]: {
        code: 'import * as Select from "@radix-ui/react-select";\nimport * as Slot from "@radix-ui/react-slot";',
        imports: [SELECT, SLOT],
      },
      [SELECT]: { imports: [POPPER, TSLIB] },
      [TSLIB]: {},
      [SLOT]: {},
      [POPPER]: {},
    });
    const group = signedInChunkGroup(src);
    const chunkOf = (id: string) => group.name(id, graph);
    expect(chunkOf(SELECT)).toBe('signed-in');
    expect(chunkOf(POPPER)).toBe('signed-in');
    expect(chunkOf(at('components/ui/select.tsx'))).toBe('signed-in');
    // What the sign-in page uses stays out: it is loaded there first.
    expect(chunkOf(SLOT)).toBeNull();
    expect(chunkOf(at('components/ui/button.tsx'))).toBeNull();
    // Nor what Amplify's lazy chunk imports: the sign-in form fetches it without the signed-in chunk.
    expect(chunkOf(TSLIB)).toBeNull();
  });
});
