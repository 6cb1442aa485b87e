import { parentPort } from 'node:worker_threads';
import { Ranker, type RankerCall } from './ranker';

/**
 * The search ranker's thread (ranker-thread.ts starts it): it holds the
 * rows it is given and answers each call in the order they come.
 */

const ranker = new Ranker();

parentPort!.on('message', ({ id, call }: { id: number; call: RankerCall }) => {
  try {
    parentPort!.postMessage({ id, result: ranker.call(call) });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    parentPort!.postMessage({ id, error: message });
  }
});
