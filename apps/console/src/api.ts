import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
// Types only, erased at build: the API serves the console's build, so a declared dependency back on it
// would be a cycle in the workspace graph.
import type { AppRouter } from '@textline/api/router';
import { busy, toast } from './ui.ts';

let csrfToken: string | undefined;

/** The CSRF token of the current session, sent on every mutation. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Same-origin tRPC client; the httpOnly session cookie travels by itself. */
export const api = createTRPCClient<AppRouter>({
  links: [httpLink({ url: `${location.origin}/trpc`, headers: () => (csrfToken ? { 'x-csrf-token': csrfToken } : {}) })],
});

type ErrorData = {
  httpStatus?: number;
  body?: { error?: unknown };
  detail?: { code?: string; message?: string; fix?: string };
};

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.httpStatus : undefined;
}

/** The catalogue code of a failed call (e.g. insufficient_balance), when the API gave one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.detail?.code : undefined;
}

/** What the error catalogue says to do about a failed call, when it says anything. */
export function errorFix(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.detail?.fix : undefined;
}

/** A sentence a person can act on, from the API's catalogue error (message plus field issues). */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const body = (error.data as ErrorData | undefined)?.body?.error;
    if (body && typeof body === 'object') {
      const { message, issues } = body as { message?: string; issues?: { path: string; message: string }[] };
      const details = issues?.map((issue) => `${issue.path} ${issue.message}`).join('; ');
      return [message, details].filter(Boolean).join(' — ');
    }
    if (!error.data) return 'The service could not be reached. Check your connection and try again.';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs a button's action: disabled while it runs, errors shown as a toast, success optionally too. */
export async function act<T>(button: HTMLButtonElement, action: () => Promise<T>, success?: string): Promise<T | undefined> {
  try {
    const result = await busy(button, action);
    if (success) toast(success);
    return result;
  } catch (error) {
    toast(errorMessage(error), 'error');
    return undefined;
  }
}
