import { useForgotPassword } from '../api/forgot-password';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { useAuthRouteState } from '../hooks/use-auth-route-state';

/** /forgot-password: mail a reset link. */
export function ForgotPasswordRoute() {
  const { email } = useAuthRouteState();
  const { mutateAsync: requestReset } = useForgotPassword();
  return (
    <ForgotPasswordForm
      defaultEmail={email}
      onRequestReset={async (input) => (await requestReset(input)).message}
    />
  );
}
