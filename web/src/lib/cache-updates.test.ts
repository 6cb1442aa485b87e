import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { readAgainIfReading } from './cache-updates';

const key = ['count'] as const;

/** A query whose reads are answered only when the test says, each with what the server had when it was asked. */
function heldReads() {
  let server = 0;
  const answers: (() => void)[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: () => {
      const seen = server;
      return new Promise<number>((resolve) => answers.push(() => resolve(seen)));
    },
  });
  const stop = observer.subscribe(() => {});
  return {
    queryClient,
    setServer: (value: number) => (server = value),
    reads: () => answers.length,
    answer: async (index: number) => {
      answers[index]!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    stop,
  };
}

const idle = (queryClient: QueryClient) => queryClient.getQueryState(key)?.fetchStatus === 'idle';

describe('readAgainIfReading', () => {
  it('drops a read on its way that would undo a change, keeps the change, and reads again', async () => {
    const q = heldReads();
    await q.answer(0);
    expect(q.queryClient.getQueryData(key)).toBe(0);

    void q.queryClient.refetchQueries({ queryKey: key });
    expect(q.reads()).toBe(2);
    q.setServer(1);
    q.queryClient.setQueryData<number>(key, (n) => (n ?? 0) + 1);
    readAgainIfReading(q.queryClient, key);
    expect(q.reads()).toBe(3);

    await q.answer(1); // asked before the change: its 0 is not applied
    expect(q.queryClient.getQueryData(key)).toBe(1);
    await q.answer(2);
    expect(q.queryClient.getQueryData(key)).toBe(1);
    expect(idle(q.queryClient)).toBe(true);
    q.stop();
  });

  it('reads again after a first read that was on its way when the change came', async () => {
    const q = heldReads();
    expect(q.reads()).toBe(1);
    q.setServer(1);
    readAgainIfReading(q.queryClient, key);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(q.reads()).toBe(1);

    await q.answer(0); // asked before the change
    expect(q.reads()).toBe(2);
    await q.answer(1);
    expect(q.queryClient.getQueryData(key)).toBe(1);
    expect(idle(q.queryClient)).toBe(true);
    q.stop();
  });

  it('reads nothing when no read is on its way', async () => {
    const q = heldReads();
    await q.answer(0);
    q.queryClient.setQueryData<number>(key, 5);
    readAgainIfReading(q.queryClient, key);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(q.reads()).toBe(1);
    expect(q.queryClient.getQueryData(key)).toBe(5);
    q.stop();
  });
});
