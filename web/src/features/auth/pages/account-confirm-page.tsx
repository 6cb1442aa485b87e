import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ButtonLink } from '../../../components/button';
import { CheckIcon, WarningIcon } from '../../../components/icons';
import { Logo } from '../../../components/logo';
import { PageFrame } from '../../../components/page-frame';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { confirmEmailQueryOptions } from '../api';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { AuthCard, authStyles } from '../components/auth-card';
import styles from './account-confirm-page.module.css';

/** The link from the confirmation email. It stands outside the main layout. */
export default function AccountConfirmPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useQuery(confirmEmailQueryOptions(token));

  useEffect(() => {
    if (confirm.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    }
  }, [confirm.isSuccess, queryClient]);

  return (
    <div className={styles.page}>
      <Link to={paths.home.href()} className={styles.logo} aria-label="Earmark home">
        <Logo />
      </Link>
      <PageFrame title="Confirm email" width="narrow">
        {confirm.isPending && (
          <AuthCard title="Confirming your email…">
            <Spinner size={28} label="Confirming your email" />
          </AuthCard>
        )}
        {confirm.isSuccess && (
          <AuthCard icon={<CheckIcon size={24} />} title={confirm.data.message}>
            <div className={styles.status}>
              <p className={authStyles.message}>
                {confirm.data.alreadyConfirmed
                  ? 'This link was used before: your account is ready, nothing more to do.'
                  : 'Your account is ready. Rate, review and list the music you love.'}
              </p>
              <ButtonLink to={paths.home.href()} size="large" fullWidth>
                Continue to Earmark
              </ButtonLink>
            </div>
          </AuthCard>
        )}
        {confirm.isError && (
          <AuthCard icon={<WarningIcon size={24} />} title="We could not confirm your email">
            <div className={styles.status}>
              <p className={authStyles.errorMessage} role="alert">
                {errorMessage(confirm.error)}
              </p>
              <p>
                Log in and ask for a new link from the confirmation page, or contact us if the
                problem persists.
              </p>
              <ButtonLink to={paths.confirm.href()} variant="secondary" fullWidth>
                Get a new link
              </ButtonLink>
            </div>
          </AuthCard>
        )}
      </PageFrame>
    </div>
  );
}
