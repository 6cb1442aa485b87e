/**
 * Validation messages in the product's wording (spec section 5). Every schema
 * in `common` builds its errors from these, so the server's 400 replies and
 * the forms in the web client say the same thing.
 */
export const msg = {
  string: (p: string) => `${p} must be a string`,
  integer: (p: string) => `${p} must be an integer number`,
  boolean: (p: string) => `${p} must be a boolean value`,
  array: (p: string) => `${p} must be an array`,
  email: (p: string) => `${p} must be an email`,
  characters: (p: string) => `${p} must not contain NUL characters or unpaired surrogates`,
  minLength: (p: string, n: number) => `${p} must be longer than or equal to ${n} characters`,
  maxLength: (p: string, n: number) => `${p} must be shorter than or equal to ${n} characters`,
  max: (p: string, n: number) => `${p} must not be greater than ${n}`,
  min: (p: string, n: number) => `${p} must not be less than ${n}`,
  oneOf: (p: string, values: readonly (string | number)[]) =>
    `${p} must be one of the following values: ${values.join(', ')}`,
  arrayMin: (p: string, n: number) => `${p} must contain at least ${n} elements`,
  arrayMax: (p: string, n: number) => `${p} must contain no more than ${n} elements`,
  hexColor: (p: string) => `"${p}" must be a valid hex color string`,
  dateString: (p: string) => `"${p}" must be a valid date string`,
  username:
    'Username can only contain letters, numbers, dashes, underscores, and periods, and should not contain spaces.',
  latinTitle:
    'Latin title should only be used when the original title contains non-Latin characters',
  latinName: 'Latin name should only be used when the original name contains non-Latin characters',
  searchEmpty: 'Search query must not be empty',
} as const;
