import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Express middleware run in order as one handler, as `app.use` of each in turn would run them: the
 * next starts when one calls `next()`, an error (passed to `next` or thrown, or a rejected promise)
 * goes to the app's error handlers, and after the last the request passes on. It saves the router's
 * work per layer (matching the path, closures for `next` and parameters): little, but on every
 * request.
 */
export function series(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
