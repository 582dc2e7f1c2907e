import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';

/**
 * How many times the app asked the screen on show to take the keyboard home from outside it: a scan that closed the
 * key sheet (F9) opened with the mouse, whose button would otherwise keep the focus (App.tsx).
 */
export const HomeAgainContext = createContext(0);

/** A confirm step holds the focus on its safe answer while it is open: nothing takes it from there. */
function confirmOpen(): boolean {
  return document.querySelector('[role="alertdialog"]') !== null;
}

/**
 * Where a screen keeps the keyboard: its scan or look-up field (Jobs: the selected job's row). A scanner's burst
 * is caught anywhere, but a packer keying a worn barcode by hand types slower than a burst: those keys reach
 * only the focused element, so a screen that leaves the focus on the page body, or on a button whose action is
 * over, loses them without a word.
 *
 * The home gets the focus when the screen opens, and again after each `settle()`: a screen calls it when an
 * action has finished (a confirm, a booking, a close, a search), and the focus moves once the outcome is drawn,
 * so it lands after a confirm step has gone rather than being refused while it is still there. An open confirm
 * step keeps the focus on its safe answer; Esc on it gives the focus back to the button that asked (ConfirmStep).
 */
export function useScreenFocus(home: () => HTMLElement | null | undefined): () => void {
  const latest = useRef(home);
  const [asked, setAsked] = useState(0);
  const askedByApp = useContext(HomeAgainContext);
  useLayoutEffect(() => {
    latest.current = home;
  });
  useLayoutEffect(() => {
    if (confirmOpen()) return;
    const target = latest.current();
    target?.focus();
    // What the last code left in the field is selected: the next one typed replaces it, as a scan's does.
    if (target instanceof HTMLInputElement) target.select();
  }, [asked, askedByApp]);
  return useCallback(() => setAsked((count) => count + 1), []);
}

/** A screen whose home is its scan or look-up field: the ref for the input, and `settle` for its actions. */
export function useScanField(): [RefObject<HTMLInputElement | null>, () => void] {
  const field = useRef<HTMLInputElement>(null);
  const settle = useScreenFocus(() => field.current);
  return [field, settle];
}
