import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { fetchRuntimeConfig } from './lib/runtime-config';

// Spec §9: log level error in production builds, error tracking on (lib/client-diagnostics.ts).
void import('./lib/client-diagnostics').then(({ installClientDiagnostics }) =>
  installClientDiagnostics({ isProduction: import.meta.env.PROD }),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

// The installation's configuration (sign-in pool, branding) comes from the server, not the build.
fetchRuntimeConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('could not load /api/config', error);
    container.textContent = 'Loupe cannot reach its server. Check your connection and reload the page.';
  });
