/**
 * A request's logger, made on first use. Bypasses: pino's logger.child(bindings), which serialises
 * the bindings through the redaction paths when it is made (time and garbage on every request),
 * while at the configured level most requests log nothing. A call at a disabled level
 * returns without making the child; anything else goes to the real child. The test 'writes what
 * pino's own child writes' (platform.test.ts) pins it to pino's behaviour.
 */
import type { Logger } from 'pino';

const ignore = () => {};

type LazyChild = { parent: Logger; bindings: Record<string, unknown>; child?: Logger };

const materialise = (lazy: LazyChild): Logger => (lazy.child ??= lazy.parent.child(lazy.bindings));

// One handler for every lazy child: a request then costs only its small state object and the proxy.
const lazyChildHandler: ProxyHandler<LazyChild> = {
  get(lazy, property) {
    const { parent } = lazy;
    if (typeof property === 'string' && property in parent.levels.values && !parent.isLevelEnabled(property)) return ignore;
    const child = materialise(lazy);
    const value: unknown = Reflect.get(child, property, child);
    return typeof value === 'function' ? (value.bind(child) as unknown) : value;
  },
  set: (lazy, property, value) => Reflect.set(materialise(lazy), property, value),
  has: (lazy, property) => Reflect.has(materialise(lazy), property),
};

/** logger.child(bindings), made on first use at an enabled level. */
export function lazyChild(logger: Logger, bindings: Record<string, unknown>): Logger {
  return new Proxy<LazyChild>({ parent: logger, bindings }, lazyChildHandler) as unknown as Logger;
}
