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

/** Forms marked with this attribute are a screen's own scan field: on Enter they submit what the field holds. */
export const SCAN_INPUT_ATTRIBUTE = 'data-scan-input';

export interface KeyboardScannerOptions extends BurstOptions {
  onScan(raw: string): void;
  /** Milliseconds; defaults to the event's timeStamp. Tests pass a fake clock. */
  now?: (event: KeyboardEvent) => number;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
type FieldSnapshot = { field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string };

/** Sets a field's value so that React's onChange sees it (React tracks the native value setter). */
function setFieldValue(field: FieldSnapshot['field'], value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function scanFieldOf(target: EventTarget | null): TextField | undefined {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return undefined;
  return target.closest(`[${SCAN_INPUT_ATTRIBUTE}]`) ? target : undefined;
}

/** A Tab (never Shift+Tab) may end a scanner's burst as Enter does: some scanners are set to end codes with it. */
function endsWithTab(event: KeyboardEvent): boolean {
  return event.key === 'Tab' && !event.shiftKey;
}

/**
 * Listens to every keystroke in the window so the station is always scan-ready: no field needs focus.
 *
 * - Anywhere outside a text field, a burst ending in Enter is one scan; its keys and Enter are swallowed
 *   (so Enter does not also press the focused button).
 * - In a text field, keystrokes land as typed (a person's typing is never lost or delayed). If they turn out
 *   to be a burst ending in Enter, the field is put back to its value before the burst, Enter is swallowed
 *   (no form submit) and the code becomes a scan instead: a scan never stays in a text field.
 * - Forms marked `data-scan-input` (the Scan input, the Cancel and Stored look-ups) are a screen's own scan
 *   field: a burst types into the field and its Enter submits the form, whole, so a late key can never cut a
 *   code in two there. A scan always replaces what a previous scan left in such a field: when a burst starts
 *   in a field that still holds exactly what the last scan or look-up left, that text is taken out first. A
 *   person's typing (not a burst) edits the field as usual.
 * - A burst may end in Tab instead of Enter (a scanner set up that way): it is a scan just the same, in a scan
 *   field it submits the form, and the Tab moves no focus. A person's Tab (not after a burst) is left alone.
 * - A scanner set to end codes with CR+LF sends a second Enter right behind the first: it is swallowed wherever
 *   the focus is, so it neither submits a field again nor presses a button.
 */
export function attachKeyboardScanner(target: Window, options: KeyboardScannerOptions): () => void {
  const detector = new BurstDetector(options);
  const now = options.now ?? ((event: KeyboardEvent) => event.timeStamp);
  let snapshot: FieldSnapshot | undefined;
  /** What each scan field held once the last scan or look-up was handled: the next burst replaces it. */
  const leftByScan = new WeakMap<TextField, string>();
  let replacedThisBurst = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the Enter that ended the last scanner's burst came (in a scan field too), until another key comes. */
  let scanEndedAt = Number.NEGATIVE_INFINITY;
  /** Where that Enter went: the line feed behind it goes to the same place, a person's next Enter rarely does. */
  let scanEndedOn: EventTarget | null = null;

  /** After a scan or a scan field's submit is handled (its screen may show the code in its field). */
  function rememberWhatScansLeft(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const fields = target.document.querySelectorAll<TextField>(
        `[${SCAN_INPUT_ATTRIBUTE}] input, [${SCAN_INPUT_ATTRIBUTE}] textarea`,
      );
      for (const field of fields) leftByScan.set(field, field.value);
    }, 0);
  }

  function onScanFieldKey(event: KeyboardEvent, field: TextField): void {
    const at = now(event);
    if (endsWithTab(event)) {
      if (detector.enter(at) === undefined) return;
      // A scanner set to end codes with Tab: its Tab is this field's Enter. Without this the code stayed in the
      // field unsent and the focus went on to the button beside it.
      event.preventDefault();
      event.stopPropagation();
      scanEndedAt = at;
      scanEndedOn = event.target;
      field.closest('form')?.requestSubmit();
      return;
    }
    if (event.key === 'Enter') {
      // The form submits the whole field: a scan here is never judged from key timings alone. The timings only
      // tell whether this Enter ended a scanner's burst, for the line feed that may follow it.
      scanEndedAt = detector.enter(at) === undefined ? Number.NEGATIVE_INFINITY : at;
      scanEndedOn = event.target;
      return;
    }
    if (event.key.length !== 1) {
      detector.reset();
      return;
    }
    const { startsSequence, burst } = detector.char(event.key, at);
    if (startsSequence) {
      snapshot = { field, value: field.value };
      replacedThisBurst = false;
    }
    const left = leftByScan.get(field);
    if (
      burst &&
      !replacedThisBurst &&
      snapshot?.field === field &&
      snapshot.value !== '' &&
      snapshot.value === left &&
      field.value.startsWith(left)
    ) {
      // The scanner's first key already landed after the old code: keep it, drop the old code.
      replacedThisBurst = true;
      setFieldValue(field, field.value.slice(left.length));
    }
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
      detector.reset();
      scanEndedAt = Number.NEGATIVE_INFINITY;
      return;
    }
    if (
      event.key === 'Enter' &&
      event.target === scanEndedOn &&
      now(event) - scanEndedAt <= detector.maxGapMs
    ) {
      // A second Enter right behind the one that ended a scan, at a scanner's pace and to the same place: the LF of
      // a scanner set to end codes with CR+LF. It is no one's key press: it must not submit the field again (an
      // empty Scan field says "nothing to scan"), save a Settings form, or press the button the focus is on. A
      // person's Enter comes later, and after a look-up usually on the step it focused (Cancel's), and is theirs.
      scanEndedAt = Number.NEGATIVE_INFINITY;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Enter') scanEndedAt = Number.NEGATIVE_INFINITY;
    const element = event.target;
    const scanField = scanFieldOf(element);
    if (scanField) {
      onScanFieldKey(event, scanField);
      return;
    }
    const at = now(event);
    const inField = isTextField(element);
    if (event.key === 'Enter' || endsWithTab(event)) {
      const code = detector.enter(at);
      scanEndedAt = code === undefined ? Number.NEGATIVE_INFINITY : at;
      scanEndedOn = event.target;
      if (code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      if (inField && snapshot && snapshot.field === element) setFieldValue(snapshot.field, snapshot.value);
      snapshot = undefined;
      options.onScan(code);
      rememberWhatScansLeft();
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

  function onSubmit(event: SubmitEvent): void {
    if (event.target instanceof HTMLFormElement && event.target.hasAttribute(SCAN_INPUT_ATTRIBUTE))
      rememberWhatScansLeft();
  }

  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('submit', onSubmit, true);
  return () => {
    if (timer) clearTimeout(timer);
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('submit', onSubmit, true);
  };
}
