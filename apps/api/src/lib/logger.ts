import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths never written to a log: credentials, secrets and message content. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.secret',
  '*.phone_number',
  '*.body',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: redactedPaths, censor: '[redacted]' }, base: { service: 'textline-api' } },
    destination as pino.DestinationStream | undefined,
  );
}

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
    return typeof value === 'function' ? value.bind(child) : value;
  },
  set: (lazy, property, value) => Reflect.set(materialise(lazy), property, value),
  has: (lazy, property) => Reflect.has(materialise(lazy), property),
};

/**
 * logger.child(bindings), made on first use. Making a child serialises its bindings through the
 * redaction paths (a few µs and ~1.5 KB of garbage), and at the configured level most requests log
 * nothing: a call at a disabled level returns without making it.
 */
export function lazyChild(logger: Logger, bindings: Record<string, unknown>): Logger {
  return new Proxy<LazyChild>({ parent: logger, bindings }, lazyChildHandler) as unknown as Logger;
}

/** Keeps the country code and last two digits: enough to debug, not enough to identify. */
export function maskPhoneNumber(phoneNumber: string): string {
  return phoneNumber.length <= 5 ? '***' : `${phoneNumber.slice(0, 3)}***${phoneNumber.slice(-2)}`;
}
