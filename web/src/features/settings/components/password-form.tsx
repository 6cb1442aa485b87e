import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, updatePasswordSchema } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { useUpdatePassword } from '../api';
import { sectionStyles } from './settings-section';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** The API's payload plus a second copy of the new password, checked only here. */
export const changePasswordFormSchema = updatePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH,
    // Report a mismatch even while another field is still invalid.
    when: () => true,
  });

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Changes the password of the signed-in user; their other sessions end. */
export function PasswordForm() {
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  return (
    <form
      className={sectionStyles.form}
      noValidate
      onSubmit={handleSubmit(({ currentPassword, password }) =>
        update.mutate(
          { currentPassword, password },
          {
            onSuccess: () => reset(EMPTY),
            onError: (error) => {
              if (isApiError(error, 400) && /current password/i.test(errorMessage(error))) {
                setError(
                  'currentPassword',
                  { type: 'server', message: errorMessage(error) },
                  { shouldFocus: true },
                );
              }
            },
          },
        ),
      )}
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className={sectionStyles.actions}>
        <Button type="submit" loading={update.isPending}>
          Update password
        </Button>
      </div>
    </form>
  );
}
