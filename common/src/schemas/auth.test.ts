import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RESERVED_USERNAMES } from '../constants';
import {
  forgotPasswordChangeSchema,
  forgotPasswordSchema,
  isReservedUsername,
  loginSchema,
  signupSchema,
  updatePasswordSchema,
} from './auth';
import { msg } from './messages';

/** The messages a schema gives for an input, keyed by field path. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const USERNAME_MESSAGE =
  'Username can only contain letters, numbers, dashes, underscores, and periods, and should not contain spaces.';
const valid = { email: 'ana@example.com', username: 'ana.b_c-1', password: 'secret' };

describe('signupSchema', () => {
  it('accepts a valid sign-up and lower-cases the email', () => {
    const result = signupSchema.parse({ ...valid, email: '  Ana@Example.COM ' });
    expect(result).toEqual({ ...valid, email: 'ana@example.com' });
  });

  it('names every missing field', () => {
    expect(errors(signupSchema, {})).toEqual({
      email: ['email must be a string'],
      username: ['username must be a string'],
      password: ['password must be a string'],
    });
  });

  it('rejects a malformed email', () => {
    for (const email of ['nope', 'a@', '@b.com', 'a b@c.com']) {
      expect(errors(signupSchema, { ...valid, email })).toEqual({
        email: ['email must be an email'],
      });
    }
  });

  it('rejects an email longer than 254 characters', () => {
    const email = `${'a'.repeat(250)}@b.com`;
    expect(errors(signupSchema, { ...valid, email }).email).toEqual([
      'email must be shorter than or equal to 254 characters',
    ]);
  });

  it('needs a password of at least 6 characters', () => {
    expect(errors(signupSchema, { ...valid, password: '12345' })).toEqual({
      password: ['password must be longer than or equal to 6 characters'],
    });
    expect(signupSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });

  it('caps the password at 200 characters', () => {
    expect(errors(signupSchema, { ...valid, password: 'x'.repeat(201) })).toEqual({
      password: ['password must be shorter than or equal to 200 characters'],
    });
  });

  it('needs a username of at least 3 characters', () => {
    expect(errors(signupSchema, { ...valid, username: 'ab' })).toEqual({
      username: ['username must be longer than or equal to 3 characters'],
    });
    expect(signupSchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
  });

  it('caps the username at 30 characters', () => {
    expect(errors(signupSchema, { ...valid, username: 'a'.repeat(31) })).toEqual({
      username: ['username must be shorter than or equal to 30 characters'],
    });
  });

  it.each(['ana b', ' ana', 'ana!', 'ana@home', 'ané', 'a/b', 'ana\t'])(
    'explains the username rule for %j',
    (username) => {
      expect(errors(signupSchema, { ...valid, username })).toEqual({
        username: [USERNAME_MESSAGE],
      });
    },
  );

  it('allows letters, digits, dashes, underscores and periods', () => {
    for (const username of ['Ana', 'ana.b', 'ana_b', 'ana-b', '123', 'A.b_C-9']) {
      expect(signupSchema.safeParse({ ...valid, username }).success).toBe(true);
    }
  });

  it('uses the shared message constant for the username rule', () => {
    expect(msg.username).toBe(USERNAME_MESSAGE);
  });
});

describe('isReservedUsername', () => {
  it('refuses names used by routes, whatever their case', () => {
    expect(isReservedUsername('admin')).toBe(true);
    expect(isReservedUsername('Settings')).toBe(true);
    expect(isReservedUsername('LOGIN')).toBe(true);
    expect(isReservedUsername('api')).toBe(true);
  });

  it('allows ordinary names, even ones that contain a reserved word', () => {
    expect(isReservedUsername('ana')).toBe(false);
    expect(isReservedUsername('admin2')).toBe(false);
    expect(isReservedUsername('the-label')).toBe(false);
  });

  it('covers every entry of the reserved list', () => {
    for (const name of RESERVED_USERNAMES) expect(isReservedUsername(name)).toBe(true);
  });
});

describe('loginSchema', () => {
  it('lower-cases the email', () => {
    expect(loginSchema.parse({ email: 'Ana@Example.com', password: 'x' }).email).toBe(
      'ana@example.com',
    );
  });

  it('does not apply the sign-up password policy', () => {
    expect(loginSchema.safeParse({ email: 'ana@example.com', password: '1' }).success).toBe(true);
  });

  it('needs an email and a non-empty password', () => {
    expect(errors(loginSchema, { email: 'ana', password: '' })).toEqual({
      email: ['email must be an email'],
      password: ['password must be longer than or equal to 1 characters'],
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(errors(forgotPasswordSchema, { email: 'x' })).toEqual({
      email: ['email must be an email'],
    });
    expect(forgotPasswordSchema.parse({ email: 'X@Y.io' })).toEqual({ email: 'x@y.io' });
  });
});

describe('forgotPasswordChangeSchema', () => {
  it('applies the password policy and needs the token', () => {
    expect(errors(forgotPasswordChangeSchema, { password: '123', token: '' })).toEqual({
      password: ['password must be longer than or equal to 6 characters'],
      token: ['token must be longer than or equal to 1 characters'],
    });
  });

  it('accepts a new password with its token', () => {
    const input = { password: 'secret', token: 'abc123' };
    expect(forgotPasswordChangeSchema.parse(input)).toEqual(input);
  });
});

describe('updatePasswordSchema', () => {
  it('needs the current password and a new one that meets the policy', () => {
    expect(errors(updatePasswordSchema, { currentPassword: '', password: '12345' })).toEqual({
      currentPassword: ['currentPassword must be longer than or equal to 1 characters'],
      password: ['password must be longer than or equal to 6 characters'],
    });
  });

  it('names missing fields', () => {
    expect(errors(updatePasswordSchema, {})).toEqual({
      currentPassword: ['currentPassword must be a string'],
      password: ['password must be a string'],
    });
  });

  it('accepts a valid change', () => {
    const input = { currentPassword: 'old', password: 'new-secret' };
    expect(updatePasswordSchema.parse(input)).toEqual(input);
  });
});
