import '@/index.css';
import { FloorPage } from '@floor-page';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { fetchRuntimeConfig } from '@/lib/runtime-config';

// As Loupe's main.tsx starts: the installation's config first, then a router and a query client, rendered as a
// transition. What is left out is everything of Loupe's own: its session, its shell, its screens.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
const router = createBrowserRouter([{ path: '*', Component: FloorPage }]);
const queryClient = new QueryClient();

void fetchRuntimeConfig().then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});
