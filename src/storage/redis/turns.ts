// Turns: this process's writes decided on one cached state (a template bucket, a session's window) go one after another, so that they never refuse each other.
/**
 * Runs tasks of one key one after another, tasks of different keys at once: `inTurn(key, task)` starts `task` once every
 * task given before under `key` has settled. A key with nothing waiting holds no memory.
 */
export function createTurns() {
  const tails = new Map<string, Promise<unknown>>();
  return function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key);
    const run = before ? before.then(task, task) : task();
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

export type Turns = ReturnType<typeof createTurns>;
