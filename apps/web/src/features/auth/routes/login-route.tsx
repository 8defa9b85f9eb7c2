import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { LoginForm } from '../components/login-form';
import { safeReturnPath, useAuthRouteState } from '../hooks/use-auth-route-state';

/** /login: the §4 sign-in, then back to where RequireAuth found the visitor, or the dashboard. */
export function LoginRoute() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const state = useAuthRouteState();
  return (
    <LoginForm
      defaultEmail={state.email}
      notice={state.notice}
      onSignIn={async (email, password) => {
        await signIn(email, password);
        navigate(safeReturnPath(state.from) ?? paths.dashboard, { replace: true });
      }}
    />
  );
}
