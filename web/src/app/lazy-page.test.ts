import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODULE_RELOAD_DELAY_MS } from '@earmark/common';
import { loadModule } from './lazy-page';

const reload = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.useFakeTimers();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loadModule', () => {
  it('returns the module when it loads', async () => {
    await expect(loadModule(() => Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once, a second after a failed load', async () => {
    void loadModule(failing);
    await vi.advanceTimersByTimeAsync(MODULE_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not loop: a failure right after a reload reaches the error view', async () => {
    void loadModule(failing);
    await vi.advanceTimersByTimeAsync(MODULE_RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledOnce();

    await expect(loadModule(failing)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).toHaveBeenCalledOnce();
  });
});
