import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, updateProfileSchema } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { useUpdateProfile } from '../api';
import { sectionStyles } from './settings-section';

const formValues = (user: CurrentUser) => ({ username: user.username, name: user.name ?? '' });

/** Username and display name of the signed-in user. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile(user.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(updateProfileSchema), defaultValues: formValues(user) });
  const username = useWatch({ control, name: 'username' });
  const host = typeof window === 'undefined' ? '' : window.location.host;

  return (
    <form
      className={sectionStyles.form}
      noValidate
      onSubmit={handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: (saved) => reset(formValues(saved)),
          onError: (error) => {
            // 'Username is already taken' (409) and 'Username is not available' (400)
            // belong to the field as well as the snackbar.
            const message = errorMessage(error);
            if ((isApiError(error, 409) || isApiError(error, 400)) && /username/i.test(message)) {
              setError('username', { type: 'server', message }, { shouldFocus: true });
            }
          },
        }),
      )}
    >
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        hint={`Your profile address: ${host}/${username || 'username'}`}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Display name"
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        hint="Shown instead of your username. Leave empty to use your username."
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={sectionStyles.actions}>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          Save changes
        </Button>
        {isDirty && (
          <Button
            variant="text"
            onClick={() => reset(formValues(user))}
            disabled={update.isPending}
          >
            Discard
          </Button>
        )}
      </div>
    </form>
  );
}
