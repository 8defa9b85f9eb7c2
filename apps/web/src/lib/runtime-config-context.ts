import type { TPublicConfig } from '@loupe/domain/system/public-config';
import { createContext, useContext } from 'react';

export const RuntimeConfigContext = createContext<TPublicConfig | null>(null);

/** Branding and sign-in settings from GET /api/config, loaded once before the app renders. */
export function useRuntimeConfig(): TPublicConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigContext.Provider>');
  return config;
}
