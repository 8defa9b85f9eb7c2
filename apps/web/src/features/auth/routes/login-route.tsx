import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAmplify } from '@/lib/auth/amplify-loader';
import type { TSignInProgress, TSignInStep } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { LoginForm } from '../components/login-form';
import { safeReturnPath, useAuthRouteState } from '../hooks/use-auth-route-state';

// The second-factor screens (and their QR code library) load only when a sign-in asks for one, so the
// first visit to /login does not grow (the e2e build's budget).
const SignInStepForm = lazy(() => import('../components/sign-in-step-form'));

type TPendingStep = { readonly step: TSignInStep; readonly email: string };

/** /login: the §4 sign-in and its second-factor steps, then back to where RequireAuth found the visitor. */
export function LoginRoute() {
  const { signIn, continueSignIn } = useAuth();
  const navigate = useNavigate();
  const state = useAuthRouteState();
  const [pending, setPending] = useState<TPendingStep | null>(null);
  const [notice, setNotice] = useState<string | undefined>(state.notice);
  // The identity service's code (some 40 KiB) is needed only when the form is sent: fetched at the first
  // sign of someone signing in — a field focused, a key, a tap — rather than with the page, which stays as
  // light as a visitor's first look needs (issue 35 §4). A failure here is retried by the sign-in itself.
  useEffect(() => {
    const intents = ['focusin', 'keydown', 'pointerdown'] as const;
    const prefetch = () => {
      for (const intent of intents) document.removeEventListener(intent, prefetch, true);
      loadAmplify().catch(() => undefined);
    };
    for (const intent of intents) document.addEventListener(intent, prefetch, true);
    return () => {
      for (const intent of intents) document.removeEventListener(intent, prefetch, true);
    };
  }, []);

  function onProgress(progress: TSignInProgress) {
    if (progress.status === 'next-step') {
      setPending({ step: progress.step, email: progress.email });
      return;
    }
    navigate(safeReturnPath(state.from) ?? paths.dashboard, { replace: true });
  }

  if (pending) {
    return (
      <Suspense fallback={<p className="text-center text-sm text-muted-foreground">Loading…</p>}>
        <SignInStepForm
          key={pending.step.type}
          step={pending.step}
          email={pending.email}
          onAnswer={async (response) => onProgress(await continueSignIn(pending.email, response))}
          onRestart={(message) => {
            setNotice(message);
            setPending(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <LoginForm
      defaultEmail={state.email}
      notice={notice}
      onSignIn={async (email, password) => onProgress(await signIn(email, password))}
    />
  );
}
