/**
 * Things to undo when a run ends early (Ctrl-C, an error): stop the servers
 * it started and drop the databases it created. Each task removes itself once
 * done, so a normal run leaves nothing here.
 */
type Task = () => Promise<void>;

const tasks = new Set<Task>();

export function onCleanup(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

export async function runCleanup(): Promise<void> {
  // Newest first: a server stops before its database is dropped.
  for (const task of [...tasks].reverse()) {
    tasks.delete(task);
    await task().catch((err: unknown) => console.error('Cleanup failed:', err));
  }
}
