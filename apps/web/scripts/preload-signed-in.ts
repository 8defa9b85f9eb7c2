import type { Plugin } from 'vite';
import { AMPLIFY_LAST_USER, SIGNED_OUT_PREFIXES } from '../src/app/signed-out-paths.ts';

type TChunk = {
  readonly type: 'chunk';
  readonly name: string;
  readonly fileName: string;
  readonly imports: string[];
};
type TBundle = Record<string, { readonly type: string } | TChunk>;

/** The `signed-in` chunk and the chunks it imports that the entry does not (those index.html preloads already). */
export function signedInFiles(bundle: TBundle, entry: string): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is TChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, into);
    return into;
  };
  const signedIn = [...chunks.values()].find((chunk) => chunk.name === 'signed-in');
  if (!signedIn) throw new Error('preload-signed-in: the build has no signed-in chunk');
  const loadedByEntry = withImports(entry);
  return [...withImports(signedIn.fileName)].filter((fileName) => !loadedByEntry.has(fileName));
}

/** The worker that loads the tab's locale data off the main thread (public/intl-warm-up.js says why). */
export const INTL_WARM_UP = 'intl-warm-up.js';

/**
 * The inline script that, on a signed-in page of a browser holding a session, asks for the signed-in chunk
 * while the entry chunk downloads, not once it has been evaluated, and starts the locale data's warm-up
 * worker. The same test as app/boot-preload.ts.
 */
export function preloadScript(files: readonly string[], base = '/'): string {
  const hrefs = JSON.stringify(files.map((file) => `${base}${file}`));
  const warmUp = JSON.stringify(`${base}${INTL_WARM_UP}`);
  return `(() => {
  try {
    const path = location.pathname;
    const isSignedOut = ${JSON.stringify(SIGNED_OUT_PREFIXES)}.some((prefix) =>
      prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(prefix + '/'));
    if (isSignedOut) return;
    for (let index = 0; index < localStorage.length; index += 1) {
      if (!${AMPLIFY_LAST_USER.toString()}.test(localStorage.key(index) || '')) continue;
      for (const href of ${hrefs}) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      if (typeof Worker === 'function') {
        const worker = new Worker(${warmUp});
        worker.onmessage = worker.onerror = () => worker.terminate();
      }
      return;
    }
  } catch {
    // Storage blocked: the entry chunk loads the shell as usual.
  }
})();`;
}

/**
 * `script` placed before the page's first stylesheet and module script. A classic script after a stylesheet
 * waits for that stylesheet to arrive before it runs, so the shell's chunks were only asked for once the CSS
 * was in, one round trip late on a phone's network.
 */
export function beforeStylesheets(html: string, script: string): string {
  const at = html.search(/<script type="module"|<link rel="stylesheet"/);
  if (at < 0) throw new Error('preload-signed-in: index.html has no module script or stylesheet');
  return `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
}

/**
 * Issue 35 §4: a signed-in reload fetched the shell's chunk (some 100 KiB) only after the entry chunk had
 * arrived and run; on a phone's network that is a round trip and the entry's evaluation later. The sign-in
 * page and a browser without a session fetch nothing more (the /login budget is unchanged).
 */
export function preloadSignedIn(): Plugin {
  return {
    name: 'loupe-preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (!context.bundle || !context.chunk) return [];
        const files = signedInFiles(context.bundle as TBundle, context.chunk.fileName);
        return beforeStylesheets(html, `<script>${preloadScript(files)}</script>`);
      },
    },
  };
}
