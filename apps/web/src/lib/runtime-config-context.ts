import { createContext, useContext } from 'react';
import type { TRuntimeConfig } from './runtime-config.ts';

export const RuntimeConfigContext = createContext<TRuntimeConfig | null>(null);

/** Branding and sign-in settings from GET /api/config, loaded once before the app renders. */
export function useRuntimeConfig(): TRuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigContext.Provider>');
  return config;
}
