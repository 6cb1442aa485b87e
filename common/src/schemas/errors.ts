/** The error body every failed API call returns. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
}

/** The first human-readable message of an error body, if any. */
export function firstErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  const m = (body as { message: unknown }).message;
  if (typeof m === 'string' && m.length > 0) return m;
  if (Array.isArray(m) && typeof m[0] === 'string') return m[0];
  return null;
}
