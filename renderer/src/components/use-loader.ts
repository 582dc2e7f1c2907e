import { useCallback, useEffect, useState } from 'react';
import type { Failure } from '../../../preload/api';
import { failureFromError } from '../api/errors';

export interface Loaded<T> {
  data?: T;
  failure?: Failure;
  reload(): void;
}

/** Loads a list for a screen, again whenever `load` changes or `reload()` is called; keeps the last good data. */
export function useLoader<T>(load: () => Promise<T>): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ data?: T; failure?: Failure }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (data) => {
        if (live) setResult({ data });
      },
      (error: unknown) => {
        if (live) setResult((current) => ({ data: current.data, failure: failureFromError(error) }));
      },
    );
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { ...result, reload };
}
