import { BurstDetector, type BurstOptions } from './burst';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', '']);

/** A field where a person types: keystrokes there are text unless they turn out to be a scanner's burst. */
export function isTextField(
  target: EventTarget | null,
): target is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target.isContentEditable;
}

export interface KeyboardScannerOptions extends BurstOptions {
  onScan(raw: string): void;
  /** Milliseconds; defaults to the event's timeStamp. Tests pass a fake clock. */
  now?: (event: KeyboardEvent) => number;
}

type FieldSnapshot = { field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string };

/** Sets a field's value so that React's onChange sees it (React tracks the native value setter). */
function restoreFieldValue(snapshot: FieldSnapshot): void {
  const { field, value } = snapshot;
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Listens to every keystroke in the window so the station is always scan-ready: no field needs focus.
 *
 * - Anywhere outside a text field, a burst ending in Enter is one scan; its keys and Enter are swallowed
 *   (so Enter does not also press the focused button).
 * - In a text field, keystrokes land as typed (a person's typing is never lost or delayed). If they turn out
 *   to be a burst ending in Enter, the field is put back to its value before the burst, Enter is swallowed
 *   (no form submit) and the code becomes a scan instead: a scan never stays in a text field.
 * - The screens' own scan fields (the Scan input, the Cancel and Stored look-ups) are text fields like any
 *   other: a burst there is a scan too, so it never glues onto what the last scan or look-up left in the
 *   field. The screen's scan handler shows the code in its field where it wants it; a person's typing (not a
 *   burst) stays in the field and Enter submits the form as typed.
 */
export function attachKeyboardScanner(target: Window, options: KeyboardScannerOptions): () => void {
  const detector = new BurstDetector(options);
  const now = options.now ?? ((event: KeyboardEvent) => event.timeStamp);
  let snapshot: FieldSnapshot | undefined;

  function onKeyDown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
      detector.reset();
      return;
    }
    const element = event.target;
    const at = now(event);
    const inField = isTextField(element);
    if (event.key === 'Enter') {
      const code = detector.enter(at);
      if (code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      if (inField && snapshot && snapshot.field === element) restoreFieldValue(snapshot);
      snapshot = undefined;
      options.onScan(code);
      return;
    }
    if (event.key.length !== 1) {
      // Tab, arrows, Backspace…: a person is at the keyboard.
      detector.reset();
      return;
    }
    const { startsSequence, burst } = detector.char(event.key, at);
    if (inField) {
      if (startsSequence) snapshot = { field: element, value: element.value };
    } else if (burst) {
      // Outside text fields a burst's keys must not reach shortcuts (the first one is held back by them).
      event.preventDefault();
    }
  }

  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
