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
      setState(failedState(error));
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState({ busy: false }), []);
  return [state, run, reset];
}

/** What a refused call leaves to show: the field the host refused, or the failure to translate. */
function failedState(error: unknown): ActionState {
  const body = readApiError(error);
  if (body?.error === 'invalid_argument' && !body.failure)
    return {
      busy: false,
      invalid: body.field ? { field: body.field } : {},
      ...(body.issues ? { issues: body.issues } : {}),
    };
  return { busy: false, failure: failureFromError(error) };
}

/** A look-up's answer (undefined: it failed, and the state says why), or `stale`: a newer look-up replaced it. */
export type LatestOutcome<T> = { stale: false; result: T | undefined } | { stale: true };
export type RunLatest = <T>(call: () => Promise<T>) => Promise<LatestOutcome<T>>;

/**
 * Runs the look-up a scan or a search starts (Cancel's look-up, History's search). Unlike a button's action, a
 * second run while the first is on its way is never ignored: the packer scanned a new code, and it is the one to
 * look up. The newer run replaces the older: the older one's answer, whenever it comes, is `stale` and changes
 * nothing, so a slow answer about the code before never shows (and offers to cancel) under the new one.
 */
export function useLatestAction(): [ActionState, RunLatest, () => void] {
  const [state, setState] = useState<ActionState>({ busy: false });
  const latest = useRef(0);
  const run = useCallback<RunLatest>(async <T>(call: () => Promise<T>) => {
    const mine = ++latest.current;
    setState({ busy: true });
    try {
      const result = await call();
      if (mine !== latest.current) return { stale: true } as const;
      setState({ busy: false });
      return { stale: false, result } as const;
    } catch (error) {
      if (mine !== latest.current) return { stale: true } as const;
      setState(failedState(error));
      return { stale: false, result: undefined } as const;
    }
  }, []);
  const reset = useCallback(() => {
    // Whatever is still on its way belongs to what was reset: its answer is dropped too.
    latest.current += 1;
    setState({ busy: false });
  }, []);
  return [state, run, reset];
}
