import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useRegister } from '../api/register';
import { RegisterForm } from '../components/register-form';
import type { TAuthRouteState } from '../hooks/use-auth-route-state';

/**
 * /register: create the account, then verify its e-mail address; the first account of an installation
 * without a mail server is verified at once and goes straight to sign-in (issue 20 §3).
 */
export function RegisterRoute() {
  const navigate = useNavigate();
  const { mutateAsync: register } = useRegister();
  return (
    <RegisterForm
      onRegister={async (registration) => {
        const answer = await register(registration);
        const state: TAuthRouteState = { notice: answer.message };
        if (answer.data.emailVerified) {
          navigate(paths.login, { state: { ...state, email: answer.data.email } });
          return;
        }
        navigate(`${paths.verifyEmail}?email=${encodeURIComponent(answer.data.email)}`, { state });
      }}
    />
  );
}
