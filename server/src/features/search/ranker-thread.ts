import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RankedPages, RankerCall } from './ranker';

/**
 * The search ranker on a thread of its own: ranking a query takes about a
 * millisecond of work, which on the server's own thread would hold up every
 * other request for as long, and keeps the server to one core.
 *
 * The built server runs the bundled `search-ranker.js` beside `main.js`;
 * from the sources (development, tests) the thread loads the TypeScript
 * through tsx, as the server itself is run.
 */

/** The thread's code: the bundled file, or the source file with tsx registered first. */
function start(): Worker {
  const bundled = new URL('./search-ranker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled);
  const source = new URL('./ranker-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true });
}

interface Waiting {
  resolve: (result: RankedPages | null) => void;
  reject: (error: Error) => void;
}

export class RankerThread {
  private readonly worker: Worker;
  private last = 0;
  private readonly waiting = new Map<number, Waiting>();
  private failure: Error | undefined;
  private told = false;

  /** `onFailure`: told once if the thread fails or stops; every call after that fails. */
  constructor(private readonly onFailure: () => void) {
    this.worker = start();
    // A thread waiting for calls does not keep the process running.
    this.worker.unref();
    this.worker.on('message', (reply: { id: number; result?: RankedPages; error?: string }) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.result ?? null);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`Search ranker stopped (code ${code})`)));
  }

  /** Asks the thread; calls are answered in the order they are made. */
  call(call: RankerCall): Promise<RankedPages | null> {
    if (this.failure) return Promise.reject(this.failure);
    const id = (this.last += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, call });
    });
  }

  async stop(): Promise<void> {
    this.failure ??= new Error('Search ranker stopped');
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    if (!this.failure) this.failure = error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
    if (!this.told) this.onFailure();
    this.told = true;
  }
}
