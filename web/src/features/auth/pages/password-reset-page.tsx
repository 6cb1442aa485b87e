import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { LockIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { TextField } from '../../../components/text-field';
import { useForgotPassword } from '../api';
import { AuthCard, authStyles } from '../components/auth-card';

export default function PasswordResetPage() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  return (
    <PageFrame title="Reset password" width="narrow">
      <AuthCard
        icon={<LockIcon size={24} />}
        title="Reset your password"
        lead="Enter the email address of your account and we will send you a link to choose a new password."
        footer={<Link to={paths.login.href()}>Back to login</Link>}
      >
        {forgot.isSuccess ? (
          <p className={authStyles.message} role="status">
            {forgot.data.message}
          </p>
        ) : (
          <form
            className={authStyles.form}
            noValidate
            onSubmit={handleSubmit((values) => forgot.mutate(values))}
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" size="large" fullWidth loading={forgot.isPending}>
              Send reset link
            </Button>
          </form>
        )}
      </AuthCard>
    </PageFrame>
  );
}
