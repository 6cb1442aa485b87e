/**
 * Runs `execute` in the next turn of the event loop, once for every ask of
 * `key` made in this turn (`asked` holds the turn's asks): the requests
 * whose sockets were read in this turn have all asked by then, so the
 * statement starts after each of them arrived and reads what each would
 * have read alone (a write its reader saw committed is in it). An ask made
 * once the run has started waits for a run of its own, not for one that
 * began before it. Nothing is kept after the run: this shares a read, it
 * does not cache one. Each ask gets its own array of the rows (callers
 * reverse a page read from its end in place); the rows themselves are
 * shared and read only.
 */
export function sameTurnRuns<T>(
  asked: Map<string, Promise<T>>,
  key: string,
  execute: () => Promise<T>,
): Promise<T> {
  let run = asked.get(key);
  if (!run) {
    run = new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        asked.delete(key);
        // A statement that fails as it is sent fails its asks, as a rejection.
        try {
          execute().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });
    asked.set(key, run);
  }
  return run.then((read) => (Array.isArray(read) ? (read.slice() as T) : read));
}
