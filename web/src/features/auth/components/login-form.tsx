import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useLogin } from '../api';
import { authStyles } from './auth-card';

export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  return (
    <form
      className={authStyles.form}
      noValidate
      onSubmit={handleSubmit((values) =>
        login.mutate(values, { onSuccess: ({ user }) => onSuccess(user) }),
      )}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="large" fullWidth loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
