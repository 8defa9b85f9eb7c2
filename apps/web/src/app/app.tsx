import type { TPublicConfig } from '@loupe/domain/system/public-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { configureAmplify } from '@/lib/auth/amplify-loader';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { browserCacheStorage, startPersistedCacheSweep } from '@/lib/persisted-query-cache';
import { createQueryClient } from '@/lib/query-client';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { createAppRouter } from './router';

export type TAppProps = {
  readonly config: TPublicConfig;
  /** Created ahead by main.tsx so the page's chunks load alongside /api/config; a new one by default. */
  readonly router?: ReturnType<typeof createAppRouter>;
};

export function App({ config, router: early }: TAppProps) {
  const [storage] = useState(browserCacheStorage);
  const [queryClient] = useState(() => createQueryClient({ storage }));
  useEffect(
    () => (storage ? startPersistedCacheSweep(queryClient, storage) : undefined),
    [queryClient, storage],
  );
  const [router] = useState(() => {
    configureAmplify(config);
    return early ?? createAppRouter();
  });
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
            <SignedInToaster />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>
  );
}

// Toasts (scan toasts, saves) belong to the signed-in app; loading Radix Toast later keeps /login small.
const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

function SignedInToaster() {
  const { status } = useAuth();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
