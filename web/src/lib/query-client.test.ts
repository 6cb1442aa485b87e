import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, shouldRetry } from './query-client';
import { dismissSnackbar, useSnackbarMessage } from './snackbar';
import { renderHook } from '@testing-library/react';

afterEach(() => dismissSnackbar());

function currentSnackbar() {
  return renderHook(() => useSnackbarMessage()).result.current;
}

describe('query client', () => {
  it('does not retry not-signed-in or not-found answers', () => {
    expect(shouldRetry(0, new ApiError(401, {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, {}))).toBe(false);
  });

  it('retries other failures up to three times', () => {
    const error = new ApiError(503, {});
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(true);
    expect(shouldRetry(3, error)).toBe(false);
  });

  it("shows a failed mutation's server message in the snackbar", async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new ApiError(409, { message: ['Username is already taken', 'second'] });
      },
    });
    await mutation.execute(undefined).catch(() => undefined);

    expect(currentSnackbar()).toMatchObject({
      message: 'Username is already taken',
      variant: 'error',
    });
  });

  it('falls back to a generic message, and stays quiet when asked to', async () => {
    const client = createQueryClient();
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => {
          throw new TypeError('Failed to fetch');
        },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(currentSnackbar()?.message).toBe('Something went wrong');

    dismissSnackbar();
    await client
      .getMutationCache()
      .build(client, {
        meta: { silentError: true },
        mutationFn: async () => {
          throw new ApiError(400, { message: 'shown inline' });
        },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(currentSnackbar()).toBeNull();
  });
});
