import path from 'node:path';

/** What Rolldown tells a code-splitting group about the module graph. */
type TModuleGraph = {
  getModuleInfo(id: string): {
    readonly code: string | null;
    readonly importedIds: readonly string[];
    readonly dynamicallyImportedIds: readonly string[];
    readonly importers: readonly string[];
  } | null;
};

/** A module this many lazily loaded screens import goes with the shell: they all pay for it once. */
const SHARED_BY_SCREENS = 5;
/** Libraries that only some screens need and that outweigh the rest of a screen: never shared. */
const HEAVY_LIBRARY = /[\\/]node_modules[\\/](?:recharts|react-markdown|qrcode\.react|papaparse)[\\/]/;

/** `roots` and every module reachable from them along `edges`. */
function closure(
  graph: TModuleGraph,
  roots: Iterable<string>,
  edges: (id: string) => readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !graph.getModuleInfo(id)) continue;
    seen.add(id);
    queue.push(...edges(id));
  }
  return seen;
}

/**
 * Packages whose index re-exports a whole library: lucide-react (every icon) and radix-ui (every primitive). A
 * module imports a few names from them, not all; following the index's every re-export would make the sign-in
 * page look as if it used all 1,600 icons and every Radix primitive (a Select or a Menu is then kept out of
 * the signed-in chunk, in a dozen small chunks of its own).
 */
type TBarrel = {
  readonly index: RegExp;
  /** The module a source file names the package by (`from 'lucide-react'`). */
  readonly specifier: string;
  /** Each exported name and the module id it comes from. */
  targets(indexId: string, code: string, graph: TModuleGraph): Map<string, string>;
};

const BARRELS: readonly TBarrel[] = [
  {
    index: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:lucide-react|icons[\\/]index)\.mjs$/,
    specifier: 'lucide-react',
    targets: (indexId, code) => {
      const targets = new Map<string, string>();
      if (!indexId.endsWith('lucide-react.mjs')) return targets;
      for (const [, exported, file] of code.matchAll(
        /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g,
      )) {
        for (const alias of (exported ?? '').split(',')) {
          const name = alias.trim().replace(/^default as /, '');
          if (name && file) targets.set(name, path.join(path.dirname(indexId), file));
        }
      }
      return targets;
    },
  },
  {
    index: /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
    specifier: 'radix-ui',
    targets: (indexId, code, graph) => {
      const targets = new Map<string, string>();
      const imported = graph.getModuleInfo(indexId)?.importedIds ?? [];
      for (const [, name, pkg] of code.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*["']([^"']+)["']/g)) {
        const id = imported.find((candidate) => candidate.includes(`/node_modules/${pkg}/`));
        if (name && id) targets.set(name, id);
      }
      return targets;
    },
  },
];

const barrelOf = (id: string) => BARRELS.find((barrel) => barrel.index.test(id));

/** The names a module's code imports from `specifier`: `import { A, B as C } from 'x'` gives A and B. */
function namesImported(code: string, specifier: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g');
  for (const [, list] of code.matchAll(pattern)) {
    for (const name of (list ?? '').split(',')) names.push(name.trim().split(/\s+as\s+/)[0] ?? '');
  }
  return names.filter((name) => name !== '');
}

/** What `roots` load, counting of a barrel package only what their own code names. */
function closureWithIcons(graph: TModuleGraph, roots: readonly string[]): Set<string> {
  const imports = (id: string) => (barrelOf(id) ? [] : (graph.getModuleInfo(id)?.importedIds ?? []));
  const reached = closure(graph, roots, imports);
  const named = [...reached].filter((id) => !id.includes('node_modules'));
  const extra: string[] = [];
  for (const indexId of [...reached].filter((id) => barrelOf(id))) {
    const barrel = barrelOf(indexId);
    if (!barrel) continue;
    const targets = barrel.targets(indexId, graph.getModuleInfo(indexId)?.code ?? '', graph);
    for (const id of named) {
      for (const name of namesImported(graph.getModuleInfo(id)?.code ?? '', barrel.specifier)) {
        const target = targets.get(name);
        if (target) extra.push(target);
      }
    }
  }
  return new Set([...reached, ...closure(graph, extra, imports)]);
}

function chunkMembers(
  graph: TModuleGraph,
  signInRoots: string[],
  signedInRoots: string[],
  amplifyRoots: string[],
): Set<string> {
  const imports = (id: string) => graph.getModuleInfo(id)?.importedIds ?? [];
  const signIn = closureWithIcons(graph, signInRoots);
  // What Amplify's lazy chunk imports (tslib, which the shell's Radix pieces use too) stays out: the sign-in
  // form fetches that chunk, and it must not bring the signed-in chunk with it.
  const amplify = closure(graph, amplifyRoots, imports);
  const shell = closure(graph, signedInRoots, imports);
  // Every lazily loaded module (the screens), and how many of them import each module.
  const everything = closure(graph, signInRoots, (id) => [
    ...imports(id),
    ...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  ]);
  const uses = new Map<string, number>();
  for (const id of everything) {
    for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      for (const used of closure(graph, [lazy], imports)) uses.set(used, (uses.get(used) ?? 0) + 1);
    }
  }
  // The heavy libraries, what they import and whatever imports them stay with the screens that use them.
  const heavyRoots = [...uses.keys()].filter((id) => HEAVY_LIBRARY.test(id));
  const heavy = new Set([
    ...closure(graph, heavyRoots, imports),
    ...closure(graph, heavyRoots, (id) => graph.getModuleInfo(id)?.importers ?? []),
  ]);
  const shared = [...uses].filter(([id, count]) => count >= SHARED_BY_SCREENS && !heavy.has(id));
  return new Set([...shell, ...shared.map(([id]) => id)].filter((id) => !signIn.has(id) && !amplify.has(id)));
}

/**
 * A code-splitting group for what the sign-in page loads after the entry chunk (its layout, its form and
 * their pieces): one chunk instead of some twenty, fetched in one round trip instead of a chain of them.
 */
export function signInChunkGroup(srcDir: string) {
  const at = (file: string) => path.join(srcDir, file);
  const entry = [at('main.tsx')];
  const lazy = [at('app/layouts/auth-layout.tsx'), at('features/auth/routes/login-route.tsx')];
  let cached: { graph: TModuleGraph; members: Set<string> } | null = null;
  return {
    name: (id: string, graph: TModuleGraph) => {
      if (cached?.graph !== graph) {
        const inEntry = closureWithIcons(graph, entry);
        cached = {
          graph,
          members: new Set([...closureWithIcons(graph, lazy)].filter((id) => !inEntry.has(id))),
        };
      }
      return cached.members.has(id) ? 'sign-in' : null;
    },
    debugName: 'sign-in',
    includeDependenciesRecursively: false,
  };
}

/**
 * A code-splitting group (Rolldown's `output.codeSplitting.groups`) that puts what the signed-in shell and
 * most screens load, and the sign-in page does not, into one `signed-in` chunk. Left to itself the bundler
 * cuts it into some sixty pieces, most under a kilobyte, and each costs a request, its headers and, on a
 * phone's network, a round trip (issue 35 §4).
 */
export function signedInChunkGroup(srcDir: string) {
  const at = (file: string) => path.join(srcDir, file);
  const signInRoots = [
    at('main.tsx'),
    at('app/layouts/auth-layout.tsx'),
    at('features/auth/routes/login-route.tsx'),
  ];
  // The shell every screen renders in (its layout, the live connection) with its pieces: some twenty Radix
  // packages of the sidebar and menus were otherwise left in chunks of their own, each a request, and
  // Lighthouse's simulated phone opens six connections at a time (issue 35 §4).
  const signedInRoots = [
    at('app/layouts/app-layout.tsx'),
    at('app/layouts/live-connection.tsx'),
    at('app/guards/require-route-access.tsx'),
    at('components/toaster.tsx'),
    // Read with the session's profile: with the shell, not a request of its own.
    at('lib/auth/identity-info.ts'),
  ];
  const amplifyRoots = [at('lib/auth/amplify.ts')];
  let cached: { graph: TModuleGraph; members: Set<string> } | null = null;
  return {
    name: (id: string, graph: TModuleGraph) => {
      if (cached?.graph !== graph) {
        // A renamed root would silently empty the group (as a removed signed-in-shell.tsx once did).
        const missing = [...signedInRoots, ...amplifyRoots].filter((root) => !graph.getModuleInfo(root));
        if (missing.length > 0) throw new Error(`signed-in chunk group: no module ${missing.join(', ')}`);
        cached = { graph, members: chunkMembers(graph, signInRoots, signedInRoots, amplifyRoots) };
      }
      return cached.members.has(id) ? 'signed-in' : null;
    },
    debugName: 'signed-in',
    // Only the modules named here: their imports that the sign-in page uses stay in its chunks.
    includeDependenciesRecursively: false,
  };
}
