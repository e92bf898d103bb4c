import { nextTurn } from './next-turn.ts';

type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

export type KeyedBatcher<Item, Result> = { run(key: string, item: Item): Promise<Result> };

/**
 * At most one database call in flight per key: an item that arrives while its key's call is in
 * flight waits, and whatever waited then goes as one batch. Under load one round trip (and one
 * transaction) serves many items; nothing waits on a timer.
 *
 * Each batch is taken one turn of the event loop later (setImmediate): PGlite runs a statement in
 * this thread, so no request is read while it runs, and without that turn the requests already
 * waiting in the sockets would each go alone. The turn costs microseconds when idle.
 *
 * `runBatch` answers each item in order, or `undefined` for one it could not settle (that item is
 * then run alone). If it throws, every item of the batch is run alone, so one bad item fails by itself.
 */
export function createKeyedBatcher<Item, Result>(options: {
  maxBatch: number;
  runAlone(item: Item): Promise<Result>;
  runBatch(items: Item[]): Promise<(Result | undefined)[]>;
}): KeyedBatcher<Item, Result> {
  const waitingByKey = new Map<string, Waiting<Item, Result>[]>();

  async function runAlone({ item, resolve, reject }: Waiting<Item, Result>): Promise<void> {
    try {
      resolve(await options.runAlone(item));
    } catch (error) {
      reject(error);
    }
  }

  async function runTogether(batch: Waiting<Item, Result>[]): Promise<void> {
    let results: (Result | undefined)[];
    try {
      results = await options.runBatch(batch.map((waiting) => waiting.item));
    } catch {
      results = [];
    }
    for (const [index, waiting] of batch.entries()) {
      const result = results[index];
      if (result === undefined) await runAlone(waiting);
      else waiting.resolve(result);
    }
  }

  async function drain(key: string, waiting: Waiting<Item, Result>[]): Promise<void> {
    while (waiting.length > 0) {
      await nextTurn();
      const batch = waiting.splice(0, options.maxBatch);
      const first = batch[0];
      await (first && batch.length === 1 ? runAlone(first) : runTogether(batch));
    }
    waitingByKey.delete(key);
  }

  return {
    run(key, item) {
      return new Promise<Result>((resolve, reject) => {
        const waiting = waitingByKey.get(key);
        if (waiting) {
          waiting.push({ item, resolve, reject });
          return;
        }
        const queue = [{ item, resolve, reject }];
        waitingByKey.set(key, queue);
        void drain(key, queue);
      });
    },
  };
}
