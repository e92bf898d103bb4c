import { describe, expect, it } from 'vitest';
import { createKeyedBatcher } from '../src/lib/keyed-batcher.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A batcher that records its calls and holds each in flight until the test settles it. */
function recordingBatcher(options: { failBatches?: boolean } = {}) {
  const calls: string[][] = [];
  const inFlight: (() => void)[] = [];
  const held = () => new Promise<void>((resolve) => inFlight.push(resolve));
  const batcher = createKeyedBatcher<string, string>({
    maxBatch: 3,
    async runAlone(item) {
      calls.push([item]);
      await held();
      return `alone:${item}`;
    },
    async runBatch(items) {
      calls.push(items);
      await held();
      if (options.failBatches) throw new Error('batch failed');
      return items.map((item) => (item === 'unsettled' ? undefined : `batch:${item}`));
    },
  });
  /** Lets the event loop turn and settles every call in flight, until `work` is done. */
  async function settleAll<T>(work: Promise<T>): Promise<T> {
    let done = false;
    void work.finally(() => (done = true));
    // Set by the callback above, which TypeScript's narrowing cannot see.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    while (!done) {
      await turn();
      inFlight.splice(0).forEach((settle) => settle());
    }
    return work;
  }
  return { batcher, calls, settleAll };
}

describe('keyed batcher', () => {
  it('sends the items that arrive in one turn of the event loop as one batch, even the first', async () => {
    const { batcher, calls, settleAll } = recordingBatcher();
    expect(await settleAll(Promise.all(['a', 'b'].map((item) => batcher.run('k', item))))).toEqual(['batch:a', 'batch:b']);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('queues what arrives while its key is in flight for the next batches, at most maxBatch each', async () => {
    const { batcher, calls, settleAll } = recordingBatcher();
    const first = [batcher.run('k', 'a'), batcher.run('other', 'x')];
    await turn();
    expect(calls).toEqual([['a'], ['x']]);
    const later = ['b', 'c', 'd', 'e'].map((item) => batcher.run('k', item));
    expect(await settleAll(Promise.all([...first, ...later]))).toEqual([
      'alone:a',
      'alone:x',
      'batch:b',
      'batch:c',
      'batch:d',
      'alone:e',
    ]);
    expect(calls).toEqual([['a'], ['x'], ['b', 'c', 'd'], ['e']]);
  });

  it('runs alone each item a batch could not settle, and every item of a batch that failed', async () => {
    const partial = recordingBatcher();
    expect(await partial.settleAll(Promise.all(['a', 'unsettled'].map((item) => partial.batcher.run('k', item))))).toEqual([
      'batch:a',
      'alone:unsettled',
    ]);
    const failing = recordingBatcher({ failBatches: true });
    expect(await failing.settleAll(Promise.all(['a', 'b'].map((item) => failing.batcher.run('k', item))))).toEqual([
      'alone:a',
      'alone:b',
    ]);
    expect(failing.calls).toEqual([['a', 'b'], ['a'], ['b']]);
  });
});
