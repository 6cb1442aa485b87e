import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  ConfirmEmailReply,
  CurrentUser,
  ForgotPasswordChangeInput,
  ForgotPasswordInput,
  LoginInput,
  MessageReply,
  SignupInput,
} from '@earmark/common';
import { api } from '../../lib/api';
import { currentUserQueryOptions } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { authKeys } from '../../lib/query-keys';

// ---- sign in, sign up, sign out --------------------------------------------

interface UserReply {
  user: CurrentUser;
}

export const login = (input: LoginInput) => api.post<UserReply>('/auth/login', input);
export const signup = (input: SignupInput) => api.post<UserReply>('/auth/signup', input);
export const logout = () => api.post<void>('/auth/logout');

/**
 * Starts a new session in the cache: every cached answer may belong to the
 * previous visitor, so all queries go except the session query itself, which
 * is set in place (mounted components keep observing it and update at once).
 */
function useReplaceSession() {
  const queryClient = useQueryClient();
  return (user: CurrentUser | null) => {
    const sessionKey = currentUserQueryOptions().queryKey;
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(sessionKey),
    });
    queryClient.setQueryData(sessionKey, user);
  };
}

export function useLogin() {
  const replaceSession = useReplaceSession();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => replaceSession(user),
  });
}

export function useSignup() {
  const replaceSession = useReplaceSession();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => replaceSession(user),
  });
}

/** Signs out, forgets every cached answer and goes to the login page. */
export function useLogout() {
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      replaceSession(null);
      await navigate(paths.login.href());
    },
  });
}

// ---- email confirmation and password reset -----------------------------------

export const resendConfirmation = () => api.post<MessageReply>('/auth/resend-confirmation');

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}

export const confirmEmail = (token: string) =>
  api.get<ConfirmEmailReply>(`/auth/confirm/${encodeURIComponent(token)}`);

/**
 * A query (not a mutation) so the single-use call runs once per token even
 * when the page renders twice; it is never retried or refetched.
 */
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.confirm(token),
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<MessageReply>('/auth/forgot-password', input);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export const forgotPasswordChange = (input: ForgotPasswordChangeInput) =>
  api.post<MessageReply>('/auth/forgot-password-change', input);

export function useForgotPasswordChange() {
  return useMutation({ mutationFn: forgotPasswordChange });
}
