import { setFlagsFromString } from 'node:v8';

/**
 * Bounds how far V8 grows the heap past the data the last full collection kept (HEAP_GROWTH_PERCENT).
 * Left alone, V8 lets a busy server's heap grow far past its live data, memory it rarely gives
 * back. V8 reads this flag each time it sets the next
 * collection's limit, so setting it once the process runs takes effect; the cost is more frequent
 * full collections.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
