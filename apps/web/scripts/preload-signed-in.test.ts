// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beforeStylesheets, INTL_WARM_UP, preloadScript, signedInFiles } from './preload-signed-in';

const chunk = (fileName: string, name: string, imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  name,
  imports,
});

describe('signedInFiles', () => {
  it('lists the signed-in chunk and its imports, less what the entry preloads already', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', 'index', ['assets/jsx.js']),
      'assets/jsx.js': chunk('assets/jsx.js', 'jsx'),
      'assets/signed-in.js': chunk('assets/signed-in.js', 'signed-in', [
        'assets/jsx.js',
        'assets/query.js',
        'assets/index.js',
      ]),
      'assets/query.js': chunk('assets/query.js', 'query'),
      'assets/index.css': { type: 'asset' },
    };
    expect(signedInFiles(bundle, 'assets/index.js')).toEqual(['assets/signed-in.js', 'assets/query.js']);
  });
});

describe('preloadScript', () => {
  /** The workers the script starts (jsdom has none of its own). */
  let workers: { url: string; terminate: () => void; onmessage: (() => void) | null }[] = [];
  beforeEach(() => {
    workers = [];
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: (() => void) | null = null;
        onerror: (() => void) | null = null;
        terminate = vi.fn();
        constructor(readonly url: string) {
          workers.push(this);
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  const run = (path: string) => {
    window.history.replaceState(null, '', path);
    new Function(preloadScript(['assets/signed-in.js']))();
  };

  it('asks for the signed-in chunk on a signed-in page of a browser holding a session', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    run('/dashboard');
    expect(preloads()).toEqual(['/assets/signed-in.js']);
  });

  it('starts the locale data warm-up there, and ends the worker once it is done', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    run('/dashboard');
    expect(workers.map((worker) => worker.url)).toEqual([`/${INTL_WARM_UP}`]);
    workers[0]?.onmessage?.();
    expect(workers[0]?.terminate).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing on the sign-in page or without a session', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    run('/login');
    expect(preloads()).toEqual([]);
    localStorage.clear();
    run('/orders');
    expect(preloads()).toEqual([]);
    expect(workers).toEqual([]);
  });
});

describe('beforeStylesheets', () => {
  it('puts the script ahead of the stylesheet and the entry, which it would otherwise wait for', () => {
    const html = [
      '<head><title>Loupe</title>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '</head>',
    ].join('\n');
    const out = beforeStylesheets(html, '<script>preload()</script>');
    expect(out.indexOf('preload()')).toBeLessThan(out.indexOf('rel="stylesheet"'));
    expect(out.indexOf('preload()')).toBeLessThan(out.indexOf('type="module"'));
    expect(out.indexOf('<title>')).toBeLessThan(out.indexOf('preload()'));
  });

  it('refuses a page with neither, rather than dropping the preload silently', () => {
    expect(() => beforeStylesheets('<head></head>', '<script></script>')).toThrow(/no module script/);
  });
});
