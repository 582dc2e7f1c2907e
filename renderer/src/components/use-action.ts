import { useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ArgumentIssue, Failure } from '../../../preload/api';
import { failureFromError, readApiError } from '../api/errors';

export interface ActionState {
  busy: boolean;
  failure?: Failure;
  /**
   * The last success, for a status line: said with the `t` of the moment it is shown, so a message that outlives
   * a language switch (Settings' own "saved" after choosing a language) reads in the new language.
   */
  done?: (t: TFunction) => string;
  /** The host refused the arguments (a form's values): which field, when it said, to name in a translated line. */
  invalid?: { field?: string };
  /** With `invalid`: the values the host's schema refused, by path, for each field to show its own. */
  issues?: ArgumentIssue[];
}

/**
 * Runs a station call for a button: one at a time, with the failure kept (to translate) and a success text.
 * A function as the text is asked again in whatever language shows it (it gets that language's `t`).
 * Returns the call's result, or undefined when it failed.
 */
export type RunAction = <T>(
  call: () => Promise<T>,
  doneText?: string | ((result: T, t: TFunction) => string),
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
      const done =
        doneText === undefined
          ? undefined
          : typeof doneText === 'function'
            ? (t: TFunction) => doneText(result, t)
            : () => doneText;
      setState({ busy: false, done });
      return result;
    } catch (error) {
      busy.current = false;
      const body = readApiError(error);
      if (body?.error === 'invalid_argument' && !body.failure)
        setState({
          busy: false,
          invalid: body.field ? { field: body.field } : {},
          ...(body.issues ? { issues: body.issues } : {}),
        });
      else setState({ busy: false, failure: failureFromError(error) });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState({ busy: false }), []);
  return [state, run, reset];
}
