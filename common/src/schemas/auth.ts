import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESERVED_USERNAMES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../constants';
import { email, text } from './fields';
import { msg } from './messages';

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.includes(username.toLowerCase());
}

export const usernameSchema = text('username', {
  min: USERNAME_MIN_LENGTH,
  max: USERNAME_MAX_LENGTH,
}).regex(USERNAME_PATTERN, { error: msg.username });

/** Every character of a password counts, spaces included. */
export const passwordSchema = text('password', {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  whitespaceCounts: true,
});

export const signupSchema = z.object({
  email: email(),
  username: usernameSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

/** Login does not reveal the password policy: any non-empty password is tried. */
export const loginSchema = z.object({
  email: email(),
  password: text('password', { min: 1, max: PASSWORD_MAX_LENGTH, whitespaceCounts: true }),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const forgotPasswordChangeSchema = z.object({
  password: passwordSchema,
  token: text('token', { min: 1, max: 200 }),
});
export type ForgotPasswordChangeInput = z.input<typeof forgotPasswordChangeSchema>;

export const updatePasswordSchema = z.object({
  currentPassword: text('currentPassword', {
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    whitespaceCounts: true,
  }),
  password: passwordSchema,
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const tokenParamsSchema = z.object({ token: text('token', { min: 1, max: 200 }) });

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** GET auth/confirm/{token}: a link used again after it worked says so rather than failing. */
export const confirmEmailReplySchema = messageReplySchema.extend({
  alreadyConfirmed: z.boolean(),
});
export type ConfirmEmailReply = z.infer<typeof confirmEmailReplySchema>;
