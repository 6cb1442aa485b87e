import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, signupSchema } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useSignup } from '../api';
import { authStyles } from './auth-card';

export function SignupForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { email: '', username: '', password: '' },
  });

  return (
    <form
      className={authStyles.form}
      noValidate
      onSubmit={handleSubmit((values) =>
        signup.mutate(values, { onSuccess: ({ user }) => onSuccess(user) }),
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
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Letters, numbers, dashes, underscores and periods. Your profile lives at /username."
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="large" fullWidth loading={signup.isPending}>
        Create account
      </Button>
    </form>
  );
}
