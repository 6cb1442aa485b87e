/** Shared by the cache unit tests: a clock the test moves, and computations it counts or ends. */

export function fakeClock() {
  // Not 0: lru-cache takes a start time of 0 for "no time recorded".
  let time = 1_000_000;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** `compute(value)` makes a computation of `value`; `calls()` says how many ran. */
export function countingCompute() {
  let calls = 0;
  return {
    compute: (value: string) => async () => {
      calls += 1;
      return value;
    },
    calls: () => calls,
  };
}

/** A computation that ends when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
