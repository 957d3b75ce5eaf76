// One pattern of every page: run an API call on a click, show the button busy meanwhile and
// the error (ErrorList) when it fails.
import { useCallback, useState } from 'react';
import { MESSAGES } from '../messages.ts';

export type Action<A extends unknown[]> = {
  /** Runs the call; resolves true when it succeeded (the error is kept otherwise). */
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
  error: unknown;
  setError: (error: unknown) => void;
};

export function useAction<A extends unknown[]>(fn: (...args: A) => Promise<unknown>): Action<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      await fn(...args);
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, setError: useCallback((e: unknown) => setError(e), []) };
}

/** What a page shows when its main query failed: the spec's 404 and 403 texts, else the error itself. */
export function loadError(error: unknown): unknown {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.unauthorized : error;
}
