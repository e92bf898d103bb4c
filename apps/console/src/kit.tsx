/**
 * The console's Preact layer: the shared pieces of its pages (headers, fields, responsive tables,
 * loading and error states) in the markup and classes styles.css already has, a query hook that
 * shows only the newest answer, and the bridge that lets the router mount a Preact page.
 */
import { render, type ComponentChildren, type JSX } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorFix, errorMessage, httpStatusOf } from './api.ts';
import { subscribeLive, type LiveChange } from './live.ts';
import { navigate, type Route } from './router.ts';
import { setSession } from './session.ts';
import { relative, toast } from './ui.ts';

let mounted: HTMLElement | undefined;

/** A page for main.ts's table: renders `Page` into the page's <main>, unmounting the previous one (its effects end). */
export function preactPage(Page: (props: { route: Route }) => JSX.Element) {
  return (main: HTMLElement, route: Route): void => {
    unmountPreactPage();
    mounted = main;
    // Preact would otherwise try to reuse the DOM another page left there.
    main.replaceChildren();
    render(<Page route={route} />, main);
  };
}

/** Ends the mounted Preact page (before the router renders another one). */
export function unmountPreactPage(): void {
  if (mounted) render(null, mounted);
  mounted = undefined;
}

export type Query<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => Promise<void> };

/**
 * Reads `fetch` when `keys` change, and again on reload(). Only the newest read's answer is shown:
 * an older one that answers late is dropped. A reload keeps the data on screen while it runs.
 */
export function useQuery<T>(fetch: () => Promise<T>, keys: unknown[] = []): Query<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const reload = useCallback(async () => {
    const run = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const data = await fetchRef.current();
      if (run === latest.current) setState({ data, error: undefined, loading: false });
    } catch (error) {
      if (httpStatusOf(error) === 401) {
        setSession(null);
        navigate('sign-in', { replace: true });
        return;
      }
      if (run === latest.current) setState((previous) => ({ ...previous, error, loading: false }));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, keys);
  return { ...state, reload };
}

/** Calls `onChange` for each change of the workspace `relevant` accepts, and after the stream reconnects. */
export function useLiveChanges(relevant: (change: LiveChange) => boolean, onChange: () => void): void {
  const handlers = useRef({ relevant, onChange });
  handlers.current = { relevant, onChange };
  useEffect(
    () =>
      subscribeLive((signal) => {
        if (signal === 'reconnected' || handlers.current.relevant(signal)) handlers.current.onChange();
      }),
    [],
  );
}

/**
 * A form or button action: `busy` while it runs (a double click cannot run it twice), its error
 * kept for the form's alert, an optional toast on success. A button disabled while busy loses the
 * focus to the document: the focus goes back to it once it is enabled again, so the keyboard
 * continues from where it was.
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>, success?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = async (...args: A): Promise<T | undefined> => {
    if (busy) return undefined;
    const origin = document.activeElement;
    setBusy(true);
    setError(undefined);
    try {
      const result = await action(...args);
      if (success) toast(success);
      return result;
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      setBusy(false);
      // After the render that enables it again; not when the action moved the focus or removed its button.
      setTimeout(() => {
        if (origin instanceof HTMLElement && origin.isConnected && document.activeElement === document.body) origin.focus();
      });
    }
  };
  return { run, busy, error, clearError: () => setError(undefined) };
}

export function PageHeader(props: { title: string; description?: ComponentChildren; children?: ComponentChildren }) {
  return (
    <div class="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.description ? <p class="muted">{props.description}</p> : null}
      </div>
      {props.children ? <div class="actions">{props.children}</div> : null}
    </div>
  );
}

export function Field(props: { label: string; hint?: string; children: ComponentChildren }) {
  return (
    <label class="field">
      <span class="label">{props.label}</span>
      {props.children}
      {props.hint ? <span class="hint">{props.hint}</span> : null}
    </label>
  );
}

export function Loading(props: { label?: string }) {
  return (
    <div class="state" role="status">
      <span class="spinner" aria-hidden="true" />
      {props.label ?? 'Loading…'}
    </div>
  );
}

export function Empty(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="state empty">
      <strong>{props.title}</strong>
      {props.children ? <p>{props.children}</p> : null}
    </div>
  );
}

/** A failed call in a form: the API's message, then what the error catalogue says to do. */
export function Problem(props: { error: unknown }) {
  if (props.error === undefined) return null;
  const fix = errorFix(props.error);
  return (
    <p class="form-error" role="alert">
      <span class="problem-message">{errorMessage(props.error)}</span>
      {fix ? (
        <span class="fix">
          <strong>How to fix it: </strong>
          {fix}
        </span>
      ) : null}
    </p>
  );
}

/** A query's states: loading first, an error with a retry, else `children` with the data. */
export function Loaded<T>(props: { query: Query<T>; children: (data: T) => ComponentChildren }) {
  const { query } = props;
  if (query.data !== undefined) return <>{props.children(query.data)}</>;
  if (query.error !== undefined) {
    return (
      <div class="state error" role="alert">
        <strong>Something went wrong</strong>
        <p>{errorMessage(query.error)}</p>
        <button type="button" class="secondary" onClick={() => void query.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return <Loading />;
}

/** A table that becomes stacked cards on a phone: each cell carries its column's heading in data-label. */
export function Table<T>(props: {
  headings: string[];
  rows: T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => Record<string, string>;
  cells: (row: T) => ComponentChildren[];
}) {
  return (
    <div class="table-wrap">
      <table class="responsive">
        <thead>
          <tr>
            {props.headings.map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
              {props.cells(row).map((cell, index) => (
                <td key={index} data-label={props.headings[index] ?? ''}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A time as every console page shows it: relative, the absolute time on hover, machine-readable. */
export function Time(props: { iso: string | null }) {
  if (!props.iso) return <>—</>;
  const date = new Date(props.iso);
  return (
    <time dateTime={props.iso} title={date.toUTCString()}>
      {relative(date)}
    </time>
  );
}

/** A text field's value from a submitted form ('' when absent). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * A ref that focuses its element once, when it appears: `autofocus` works only on page load, not on
 * an element a page renders later. One function for every use, so Preact calls it on mount only.
 */
export const focusOnMount = (element: HTMLElement | null): void => element?.focus();
