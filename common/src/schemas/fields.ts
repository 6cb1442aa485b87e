import { z } from 'zod';
import { msg } from './messages';

type Payload = z.core.ParsePayload;
const isString = (payload: Payload) => typeof payload.value === 'string';
const isArray = (payload: Payload) => Array.isArray(payload.value);

/**
 * Zod runs length checks on anything with a `length`, even after the type
 * check failed, so an array sent for a text field (or a string for an array
 * field) would get a second, wrong message. Length checks built here run only
 * on the right type, keeping one message per mistake.
 */
function only<C extends z.core.$ZodCheck<never>>(when: (payload: Payload) => boolean, check: C): C {
  check._zod.def.when = when;
  return check;
}

/** NUL (which PostgreSQL cannot store in text) and halves of surrogate pairs (not Unicode). */
const FORBIDDEN_CHARACTERS = /[\0\p{Cs}]/u;
/** Whitespace, zero-width and other invisible format characters, and control characters. */
const BLANK = /^[\s\p{Default_Ignorable_Code_Point}\p{Cc}]*$/u;

/** True when a text shows nothing: empty, or only whitespace and zero-width characters. */
export function isBlankText(value: string): boolean {
  return BLANK.test(value);
}

/** True when every character of the text can be stored and shown (no NUL, no lone surrogate). */
export function hasOnlyValidCharacters(value: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(value);
}

/** The character check every text input passes first; later checks are skipped when it fails. */
function validCharacters(p: string) {
  return only(
    isString,
    z.refine<string>(hasOnlyValidCharacters, { error: msg.characters(p), abort: true }),
  );
}

/**
 * A text field with the product's messages. Every text refuses NUL and
 * unpaired surrogates. A required text (`min` of 1 or more) must also show
 * something: whitespace and zero-width characters alone count as empty,
 * except where every character counts (`whitespaceCounts`, for passwords).
 */
export function text(
  p: string,
  opts: { min?: number; max?: number; whitespaceCounts?: boolean } = {},
) {
  let s = z.string({ error: msg.string(p) }).check(validCharacters(p));
  const { min, max } = opts;
  if (min !== undefined) {
    s = s.check(only(isString, z.minLength(min, { error: msg.minLength(p, min) })));
    if (min >= 1 && !opts.whitespaceCounts) {
      // Measured once the plain length is enough, so an empty string gets one message.
      const shows = (v: string) => v.length < min || !isBlankText(v);
      s = s.check(only(isString, z.refine<string>(shows, { error: msg.minLength(p, min) })));
    }
  }
  if (max !== undefined) {
    s = s.check(only(isString, z.maxLength(max, { error: msg.maxLength(p, max) })));
  }
  return s;
}

/** Array size checks with the product's messages, e.g. `z.array(x).check(maxItems('tags', 20))`. */
export function minItems(p: string, n: number) {
  return only(isArray, z.minLength(n, { error: msg.arrayMin(p, n) }));
}
export function maxItems(p: string, n: number) {
  return only(isArray, z.maxLength(n, { error: msg.arrayMax(p, n) }));
}

export function email(p = 'email') {
  return z
    .string({ error: msg.string(p) })
    .trim()
    .check(validCharacters(p))
    .check(only(isString, z.maxLength(254, { error: msg.maxLength(p, 254) })))
    .pipe(z.email({ error: msg.email(p) }))
    .transform((v) => v.toLowerCase());
}

export function hexColor(p: string) {
  return z.string({ error: msg.string(p) }).regex(/^#[0-9a-fA-F]{6}$/, { error: msg.hexColor(p) });
}

export function integer(p: string, min: number, max: number) {
  return z
    .number({ error: msg.integer(p) })
    .int({ error: msg.integer(p) })
    .min(min, { error: msg.min(p, min) })
    .max(max, { error: msg.max(p, max) });
}

/**
 * True when the string starts with a real calendar day. `Date.parse` alone
 * accepts days such as 2023-02-30 (it rolls them over), which the database
 * would then refuse.
 */
function hasRealCalendarDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Validates an ISO-like date string ("2024-05-01" or a full timestamp). */
export function dateString(p: string) {
  return z
    .string({ error: msg.string(p) })
    .refine((v) => hasRealCalendarDay(v) && !Number.isNaN(Date.parse(v)), {
      error: msg.dateString(p),
    });
}

export function oneOf<const T extends readonly [string, ...string[]]>(p: string, values: T) {
  return z.enum(values, { error: msg.oneOf(p, values) });
}

/** Whole numbers from query strings ("2" → 2), with the product's messages. */
export function queryInt(p: string, min: number, max: number) {
  return z.coerce
    .number({ error: msg.integer(p) })
    .int({ error: msg.integer(p) })
    .min(min, { error: msg.min(p, min) })
    .max(max, { error: msg.max(p, max) });
}
