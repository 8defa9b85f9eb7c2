import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import { ResetPasswordForm } from '../components/reset-password-form';
import type { TAuthRouteState } from '../hooks/use-auth-route-state';

/** /reset-password?token=…: the page the mailed link opens; then sign in with the new password. */
export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { mutateAsync: reset } = useResetPassword();
  return (
    <ResetPasswordForm
      token={searchParams.get('token')?.trim() || null}
      onReset={async (input) => {
        const answer = await reset(input);
        const state: TAuthRouteState = { notice: answer.message };
        navigate(paths.login, { state, replace: true });
      }}
    />
  );
}
