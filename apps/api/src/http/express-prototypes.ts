/**
 * Requests and responses born with an express app's prototypes. Bypasses: express's app.handle gives
 * every request and response its app's prototypes as they arrive (Object.setPrototypeOf), which
 * costs V8 a new shape for each object and leaves every later property access on them slow. Node
 * makes these objects with the app's prototypes from the start, so that call is a no-op. The test
 * 'keeps the prototypes its requests and responses were born with' (platform.test.ts) pins that
 * express still sets exactly these prototypes.
 */
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express } from 'express';

/** A constructor of `base`'s objects whose prototype is `prototype`. */
function bornWith<T extends abstract new (...args: never[]) => object>(base: T, prototype: object): T {
  const construct = function (this: object, ...args: unknown[]) {
    Reflect.apply(base, this, args);
  };
  construct.prototype = prototype;
  return construct as unknown as T;
}

/** The options for node's createServer that make its requests and responses `app`'s from birth. */
export function bornWithExpressPrototypes(app: Express): Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  return {
    IncomingMessage: bornWith<typeof IncomingMessage>(IncomingMessage, app.request),
    ServerResponse: bornWith<typeof ServerResponse>(ServerResponse, app.response),
  };
}
