import './index.css';
import { FEATURE_FLAGS } from '@loupe/domain/config/constants';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLogLevel } from './lib/log-level';
import { fetchRuntimeConfig } from './lib/runtime-config';
import { trackUncaughtErrors } from './lib/telemetry/client-telemetry';

// Spec §9: log level error in production builds; error tracking on (sent to the server once signed in).
if (import.meta.env.PROD) applyLogLevel(console, FEATURE_FLAGS.logLevel);
trackUncaughtErrors();

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
