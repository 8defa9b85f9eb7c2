import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useLocation } from 'react-router';
import { z } from 'zod';

/** What one sign-in screen hands the next through the router's location state. */
const ZAuthRouteStateSchema = lazySchema(() =>
  z.object({
    /** A success notice to show at the top, e.g. after verifying or resetting. */
    notice: z.string().optional(),
    /** The e-mail address to prefill. */
    email: z.string().optional(),
    /** Where RequireAuth was going before it sent the visitor to /login. */
    from: z.string().optional(),
  }),
);
export type TAuthRouteState = z.infer<typeof ZAuthRouteStateSchema>;

export function useAuthRouteState(): TAuthRouteState {
  const parsed = ZAuthRouteStateSchema.safeParse(useLocation().state);
  return parsed.success ? parsed.data : {};
}

/** Only an in-app path may be returned to after sign-in; '//evil.example' is another site. */
export function safeReturnPath(from: string | undefined): string | null {
  return from?.startsWith('/') && !from.startsWith('//') ? from : null;
}
