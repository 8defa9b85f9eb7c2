import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { VerifyEmailForm } from '../components/verify-email-form';
import { type TAuthRouteState, useAuthRouteState } from '../hooks/use-auth-route-state';

/** /verify-email?email=…: enter the mailed code, then sign in. */
export function VerifyEmailRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { notice } = useAuthRouteState();
  const { mutateAsync: verify } = useVerifyEmail();
  const { mutateAsync: resend } = useResendVerification();
  return (
    <VerifyEmailForm
      defaultEmail={searchParams.get('email') ?? ''}
      notice={notice}
      onVerify={async (input) => {
        const answer = await verify(input);
        const state: TAuthRouteState = { notice: answer.message, email: input.email };
        navigate(paths.login, { state });
      }}
      onResend={async (input) => (await resend(input)).message}
    />
  );
}
