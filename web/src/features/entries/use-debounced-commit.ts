import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface DebouncedCommit<T> {
  /** Holds `value`, restarting the wait. */
  schedule: (value: T, delayMs: number) => void;
  /** Commits a held value now. */
  flush: () => void;
  /** Drops a held value. */
  cancel: () => void;
}

/**
 * Holds back a value until input pauses, then hands it to `commit` once.
 * A value still held when the component goes away (a popup closing) is
 * committed rather than lost.
 */
export function useDebouncedCommit<T>(commit: (value: T) => void): DebouncedCommit<T> {
  // The timer fires after renders; it must call the latest `commit`.
  const latest = useRef(commit);
  useLayoutEffect(() => {
    latest.current = commit;
  });

  const [handle] = useState(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let held: { value: T } | null = null;
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const debounced: DebouncedCommit<T> = {
      schedule(value, delayMs) {
        stop();
        held = { value };
        timer = setTimeout(debounced.flush, delayMs);
      },
      flush() {
        stop();
        const value = held;
        held = null;
        if (value) latest.current(value.value);
      },
      cancel() {
        stop();
        held = null;
      },
    };
    return debounced;
  });

  useEffect(() => () => handle.flush(), [handle]);
  return handle;
}
