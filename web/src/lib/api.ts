import { firstErrorMessage } from '@earmark/common';

/** Every API call goes to the same origin; Vite proxies it in development. */
export const API_BASE = '/api';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/** A non-OK response: the status and the parsed body ({statusCode, error, message}). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super('HTTP Error');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show a person for a failed call: the server's first message, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return firstErrorMessage(error.body) ?? GENERIC_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

/** `/users/me` + `{page: 2}` → `/api/users/me?page=2`; arrays repeat the key, empty values are left out. */
export function apiUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * One call to the API with the session cookie. No timeout and no retry here:
 * retrying is the query layer's decision.
 */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions & { body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  const parsed = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  del: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
  /** Multipart upload; `method` is POST unless given (avatars use PATCH). */
  upload: <T>(
    path: string,
    form: FormData,
    options?: RequestOptions & { method?: 'POST' | 'PATCH' | 'PUT' },
  ) => request<T>(options?.method ?? 'POST', path, { ...options, body: form }),
};
