import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInCode } from './app/boot-preload';
import { createAppRouter } from './app/router';
import { fetchRuntimeConfig } from './lib/runtime-config';

// Spec §9: log level error in production builds, error tracking on (lib/client-diagnostics.ts).
void import('./lib/client-diagnostics').then(({ installClientDiagnostics }) =>
  installClientDiagnostics({ isProduction: import.meta.env.PROD }),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

// Issue 35 §4: the router starts loading the page's lazy chunks as it is created, so it is created now, while
// /api/config (preloaded by index.html) is on its way, not after; with a stored session the code that
// restores it and the signed-in shell's live connection start too. In a task of its own: evaluating the entry
// chunk is one long task already, and a long task blocks input.
const routerReady = new Promise<ReturnType<typeof createAppRouter>>((resolve) => {
  setTimeout(() => {
    resolve(createAppRouter());
    preloadSignedInCode(window.location.pathname, safeLocalStorage());
  }, 0);
});

// The installation's configuration (sign-in pool, branding) comes from the server, not the build.
Promise.all([fetchRuntimeConfig(), routerReady])
  .then(([config, router]) => {
    // As a transition, React renders the app in short tasks rather than one long one (issue 35 §4).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App config={config} router={router} />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    console.error('could not load /api/config', error);
    container.textContent = 'Loupe cannot reach its server. Check your connection and reload the page.';
  });

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
