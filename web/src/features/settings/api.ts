import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  MessageReply,
  UpdatePasswordInput,
  UpdatePreferencesInput,
  UpdateProfileInput,
} from '@earmark/common';
import { api } from '../../lib/api';
import { showSnackbar } from '../../lib/snackbar';
import { useSetCurrentUser } from '../../lib/current-user';
import { userKeys } from '../../lib/query-keys';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully';
export const IMAGE_UPLOADED_MESSAGE = 'Image uploaded successfully';
export const PREFERENCES_SAVED_MESSAGE = 'Preferences saved';
export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully';

const userPath = (userId: string, action: string) =>
  `/users/${encodeURIComponent(userId)}/${action}`;

export const updateProfile = (userId: string, input: UpdateProfileInput) =>
  api.patch<CurrentUser>(userPath(userId, 'update-profile'), input);

export const updatePreferences = (userId: string, input: UpdatePreferencesInput) =>
  api.patch<CurrentUser>(userPath(userId, 'update-preferences'), input);

export function updateImage(userId: string, image: File) {
  const form = new FormData();
  form.append('image', image);
  return api.upload<CurrentUser>(userPath(userId, 'update-image'), form, { method: 'PATCH' });
}

export const updatePassword = (input: UpdatePasswordInput) =>
  api.put<MessageReply>('/auth/update-password', input);

/**
 * After a change to the account: the reply is the new session user, and any
 * cached profile page (this user's, under the old or new name) is out of date.
 */
function useAccountChanged() {
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  return (user: CurrentUser) => {
    setCurrentUser(user);
    void queryClient.invalidateQueries({ queryKey: userKeys.profiles() });
  };
}

// Field-level errors (a taken username, a wrong current password) are also shown under the
// field by the forms; the snackbar from the global mutation handler still announces them.

export function useUpdateProfile(userId: string) {
  const accountChanged = useAccountChanged();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateProfile(userId, input),
    onSuccess: (user) => {
      accountChanged(user);
      showSnackbar(PROFILE_UPDATED_MESSAGE, 'success');
    },
  });
}

export function useUpdatePreferences(userId: string) {
  const accountChanged = useAccountChanged();
  return useMutation({
    mutationFn: (input: UpdatePreferencesInput) => updatePreferences(userId, input),
    onSuccess: (user) => {
      accountChanged(user);
      showSnackbar(PREFERENCES_SAVED_MESSAGE, 'success');
    },
  });
}

export function useUpdateImage(userId: string) {
  const accountChanged = useAccountChanged();
  return useMutation({
    mutationFn: (image: File) => updateImage(userId, image),
    onSuccess: (user) => {
      accountChanged(user);
      showSnackbar(IMAGE_UPLOADED_MESSAGE, 'success');
    },
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => showSnackbar(PASSWORD_UPDATED_MESSAGE, 'success'),
  });
}
