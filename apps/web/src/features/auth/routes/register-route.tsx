import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useRegister } from '../api/register';
import { RegisterForm } from '../components/register-form';
import type { TAuthRouteState } from '../hooks/use-auth-route-state';

/** /register: create the account, then verify its e-mail address. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const { mutateAsync: register } = useRegister();
  return (
    <RegisterForm
      onRegister={async (registration) => {
        const answer = await register(registration);
        const state: TAuthRouteState = { notice: answer.message };
        navigate(`${paths.verifyEmail}?email=${encodeURIComponent(answer.data.email)}`, { state });
      }}
    />
  );
}
