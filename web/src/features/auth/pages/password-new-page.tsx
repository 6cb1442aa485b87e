import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, forgotPasswordChangeSchema } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button, ButtonLink } from '../../../components/button';
import { LockIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { TextField } from '../../../components/text-field';
import { useForgotPasswordChange } from '../api';
import { AuthCard, authStyles } from '../components/auth-card';

const newPasswordSchema = forgotPasswordChangeSchema.pick({ password: true });

/** The link from the password reset email. */
export default function PasswordNewPage() {
  const { token = '' } = useParams();
  const change = useForgotPasswordChange();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '' } });

  return (
    <PageFrame title="Choose a new password" width="narrow">
      <AuthCard
        icon={<LockIcon size={24} />}
        title="Choose a new password"
        lead={
          change.isSuccess
            ? undefined
            : 'Pick a new password for your account. You will be signed out everywhere else.'
        }
        footer={change.isSuccess ? undefined : <Link to={paths.login.href()}>Back to login</Link>}
      >
        {change.isSuccess ? (
          <div className={authStyles.form}>
            <p className={authStyles.message} role="status">
              {change.data.message}
            </p>
            <ButtonLink to={paths.login.href()} size="large" fullWidth>
              Go to login
            </ButtonLink>
          </div>
        ) : (
          <form
            className={authStyles.form}
            noValidate
            onSubmit={handleSubmit(({ password }) => change.mutate({ password, token }))}
          >
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password?.message}
              {...register('password')}
            />
            <Button type="submit" size="large" fullWidth loading={change.isPending}>
              Set new password
            </Button>
          </form>
        )}
      </AuthCard>
    </PageFrame>
  );
}
