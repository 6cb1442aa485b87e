import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, Theme } from '@earmark/common';
import { api } from '../../lib/api';
import { showSnackbar } from '../../lib/snackbar';
import { useSetCurrentUser } from '../../lib/current-user';

export const updateTheme = (userId: string, theme: Theme) =>
  api.patch<CurrentUser>(`/users/${encodeURIComponent(userId)}/update-theme`, theme);

/** Saves the theme to the signed-in user's account, so it follows them to new devices. */
export function useSaveTheme(userId: string) {
  const setCurrentUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (theme: Theme) => updateTheme(userId, theme),
    onSuccess: (user) => {
      setCurrentUser(user);
      showSnackbar('Theme saved to your account', 'success');
    },
  });
}
