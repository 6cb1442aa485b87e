import { Navigate } from 'react-router';
import { isNotConfirmed } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { MailIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { showSnackbar } from '../../../lib/snackbar';
import { useLogout, useResendConfirmation } from '../api';
import { useCurrentUser } from '../../../lib/current-user';
import { AuthCard, authStyles } from '../components/auth-card';

/** Where unconfirmed accounts wait (the route sits behind RequireAuth). */
export default function ConfirmPage() {
  const { user } = useCurrentUser();
  const resend = useResendConfirmation();
  const logout = useLogout();

  if (!user) return null;
  if (!isNotConfirmed(user)) return <Navigate to={paths.home.href()} replace />;

  return (
    <PageFrame title="Confirm your email" width="narrow">
      <AuthCard
        icon={<MailIcon size={24} />}
        title="Confirm your email"
        footer={
          <span>
            Wrong address?{' '}
            <Button variant="text" size="small" onClick={() => logout.mutate()}>
              Logout
            </Button>
          </span>
        }
      >
        <div className={authStyles.form}>
          <p className={authStyles.message}>
            We sent a confirmation email to <strong>{user.email}</strong>. Open the link in it to
            finish setting up your account. The link is valid for 24 hours.
          </p>
          <p>Can't find it? Check your spam folder, or send it again.</p>
          <Button
            variant="secondary"
            fullWidth
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (reply) => showSnackbar(reply.message, 'success'),
              })
            }
          >
            Resend confirmation email
          </Button>
        </div>
      </AuthCard>
    </PageFrame>
  );
}
