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

type FieldIssue = { path: string; message: string };

function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const body = (error.data as ErrorData | undefined)?.body?.error as { issues?: FieldIssue[] } | undefined;
  return Array.isArray(body?.issues) ? body.issues : [];
}

/**
 * What the error catalogue says to do about a failed call, when it says anything. A refused field
 * is its own fix: the catalogue's general one ("correct the fields listed in issues") would only
 * repeat it in the API's words.
 */
export function errorFix(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError) || fieldIssuesOf(error).length > 0) return undefined;
  return (error.data as ErrorData | undefined)?.detail?.fix;
}

/** A field's path in words: "phone_number" reads "Phone number". */
function fieldName(path: string): string {
  const name = path.replace(/[._]+/g, ' ').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "Phone number must be …"; a message that is a sentence of its own follows a colon. */
const fieldSays = (issue: FieldIssue): string =>
  /^[A-Z]/.test(issue.message) ? `${fieldName(issue.path)}: ${issue.message}` : `${fieldName(issue.path)} ${issue.message}`;

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A sentence a person can act on, from the API's catalogue error: what is wrong with each refused
 * field (the general message would say the same once more), else the error's message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const body = (error.data as ErrorData | undefined)?.body?.error;
    const issues = fieldIssuesOf(error);
    if (issues.length > 0) {
      return issues.map((issue) => sentence(issue.path === '(body)' ? issue.message : fieldSays(issue))).join(' ');
    }
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
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
