import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from '@/lib/telemetry/client-telemetry';
import { RouteErrorScreen } from './error-screen';

vi.mock('@/lib/telemetry/client-telemetry', () => ({ reportClientError: vi.fn() }));

afterEach(() => vi.mocked(reportClientError).mockClear());

describe('RouteErrorScreen', () => {
  it('shows the error screen for a screen that fails to render, and reports the failure', async () => {
    const failure = new Error('the bench board could not draw');
    function BrokenScreen(): never {
      throw failure;
    }
    // React and the screen log the failure; the screen under test is what must follow it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', Component: BrokenScreen, errorElement: <RouteErrorScreen /> },
    ]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await waitFor(() => expect(reportClientError).toHaveBeenCalledWith(failure, 'render'));
    expect(reportClientError).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('render error', failure);
    logged.mockRestore();
  });
});
