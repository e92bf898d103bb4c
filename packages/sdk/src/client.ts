import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';
import { errorFromResponse } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import { type ListPath, type PaginateOptions, Paginator, type PathParameters } from './paginate.ts';
import { defaultRetryPolicy, type RetryOptions, type RetryPolicy, retryingFetch } from './retry.ts';

export type TextlineOptions = {
  /** Where the API is served, e.g. https://sms.example.com or http://localhost:3000 (a path prefix is kept). */
  baseUrl: string;
  /** A txt_ bearer token; omit it for the routes that take none (account creation, health). */
  token?: string;
  retry?: RetryOptions;
  /** How long one attempt may wait for its answer before a TextlineTimeoutError. Default 60 s. */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, a test double); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
};

const DEFAULT_TIMEOUT_MS = 60_000;

/** The init argument of a call: required when the route has a required parameter or body (as openapi-fetch has it). */
type InitArgument<TInit> = undefined extends TInit ? [init?: TInit] : [init: TInit];

type Data<TPath extends keyof paths, TMethod extends HttpMethod, TInit> = NonNullable<
  FetchResponse<paths[TPath][TMethod] & Record<string | number, unknown>, TInit, 'application/json'>['data']
>;

/**
 * A call that answers the success body and throws a TextlineError for an error answer. Its init takes
 * openapi-fetch's options (`params`, `body`, `headers`) and a `signal` that aborts it, retries included.
 */
type DataMethod<TMethod extends HttpMethod> = <
  TPath extends PathsWithMethod<paths, TMethod>,
  TInit extends MaybeOptionalInit<paths[TPath], TMethod>,
>(
  path: TPath,
  ...init: InitArgument<TInit>
) => Promise<Data<TPath, TMethod, TInit>>;

/** The route of a send: its requests get an idempotency_key unless they carry one. */
const sendPath = '/api/v1/messages' satisfies PathsWithMethod<paths, 'post'>;

/**
 * Adds an idempotency_key to a send that has none. It matches the route by its openapi.json path, not
 * the URL's, so a base URL with a path prefix (https://host/sms) changes nothing.
 */
const idempotentSends: Middleware = {
  async onRequest({ request, schemaPath }) {
    if (request.method !== 'POST' || schemaPath !== sendPath) return undefined;
    const body: unknown = JSON.parse(await request.clone().text());
    if (typeof body !== 'object' || body === null || 'idempotency_key' in body) return undefined;
    return new Request(request, { body: JSON.stringify({ ...body, idempotency_key: crypto.randomUUID() }) });
  },
};

/**
 * The Textline API client. `get`, `post`, `patch` and `del` take a path of openapi.json with its
 * typed parameters and body and answer the typed success body; an error answer is thrown as a
 * TextlineError (narrow it by `code`). 429 and 5xx answers are retried (see retry.ts), every send
 * (POST /api/v1/messages) carries an idempotency_key so that its retries are safe, `paginate` walks
 * a list, and `api` is the underlying openapi-fetch client for callers that want the response itself.
 */
export class Textline {
  readonly api: Client<paths, 'application/json'>;

  /** `policy` overrides the retry timing: tests pass a sleep that records instead of waiting. */
  constructor(
    private readonly options: TextlineOptions,
    private readonly policy: Partial<RetryPolicy> = {},
  ) {
    const retry: RetryPolicy = { ...defaultRetryPolicy, ...options.retry, ...policy };
    const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createClient<paths, 'application/json'>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
      fetch: retryingFetch(retry, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, send),
    });
    this.api.use(idempotentSends);
  }

  /** A client for the same API and settings with another token (e.g. the one account creation answered). */
  withToken(token: string): Textline {
    return new Textline({ ...this.options, token }, this.policy);
  }

  readonly get: DataMethod<'get'> = (path, ...init) => this.call('GET', path, init[0]);
  readonly post: DataMethod<'post'> = (path, ...init) => this.call('POST', path, init[0]);
  readonly patch: DataMethod<'patch'> = (path, ...init) => this.call('PATCH', path, init[0]);
  readonly del: DataMethod<'delete'> = (path, ...init) => this.call('DELETE', path, init[0]);

  /**
   * Every item of a list, page after page, newest first: `for await (const message of
   * textline.paginate('/api/v1/messages', { query: { status: 'failed' } }))`. `query` takes the
   * list's filters and `limit` as the page size; `path` the list's path parameters, if it has any.
   * `.toArray({ limit })` collects at most `limit` items.
   */
  paginate<TPath extends ListPath>(path: TPath, ...options: PaginateArgument<TPath>): Paginator<TPath> {
    const { query, path: pathParameters, signal }: PaginateOptions<TPath> = options[0] ?? {};
    return new Paginator<TPath>((cursor) =>
      this.call('GET', path, { params: { path: pathParameters, query: { ...query, cursor } }, signal }),
    );
  }

  private async call<TData>(method: Uppercase<HttpMethod>, path: string, init: unknown): Promise<TData> {
    // The public methods' types tie path, init and answer together; openapi-fetch checks nothing at run time.
    const request = this.api.request as unknown as (
      method: string,
      path: string,
      init: unknown,
    ) => Promise<{ data?: TData; error?: unknown; response: Response }>;
    const { data, error, response } = await request(method.toLowerCase(), path, init);
    if (!response.ok) throw errorFromResponse(response, error);
    return data as TData;
  }
}

/** The options of `paginate`: required when the list has path parameters. */
type PaginateArgument<TPath extends ListPath> = [PathParameters<TPath>] extends [never]
  ? [options?: PaginateOptions<TPath>]
  : [options: PaginateOptions<TPath> & { path: PathParameters<TPath> }];
