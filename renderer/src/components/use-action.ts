import { useCallback, useRef, useState } from 'react';
import type { Failure } from '../../../preload/api';
import { failureFromError, readApiError } from '../api/errors';

export interface ActionState {
  busy: boolean;
  failure?: Failure;
  /** Translated text of the last success, for a status line. */
  done?: string;
  /** The host refused the arguments (a form's values): which field, when it said, to name in a translated line. */
  invalid?: { field?: string };
}

/**
 * Runs a station call for a button: one at a time, with the failure kept (to translate) and a success text.
 * Returns the call's result, or undefined when it failed.
 */
export type RunAction = <T>(
  call: () => Promise<T>,
  doneText?: string | ((result: T) => string),
) => Promise<T | undefined>;

export function useAction(): [ActionState, RunAction, () => void] {
  const [state, setState] = useState<ActionState>({ busy: false });
  // Buttons stay enabled while busy (a focused button that becomes disabled swallows every key, F-keys
  // included, in Chromium): a second press is ignored here instead.
  const busy = useRef(false);
  const run = useCallback<RunAction>(async (call, doneText) => {
    if (busy.current) return undefined;
    busy.current = true;
    setState({ busy: true });
    try {
      const result = await call();
      busy.current = false;
      setState({ busy: false, done: typeof doneText === 'function' ? doneText(result) : doneText });
      return result;
    } catch (error) {
      busy.current = false;
      const body = readApiError(error);
      if (body?.error === 'invalid_argument' && !body.failure)
        setState({ busy: false, invalid: body.field ? { field: body.field } : {} });
      else setState({ busy: false, failure: failureFromError(error) });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState({ busy: false }), []);
  return [state, run, reset];
}
