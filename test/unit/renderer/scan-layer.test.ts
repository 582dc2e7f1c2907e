// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BurstDetector } from '../../../renderer/src/scan/burst';
import { DuplicateFilter, judgeScan, stripAffixes } from '../../../renderer/src/scan/normalize';
import { attachKeyboardScanner } from '../../../renderer/src/scan/keyboard-scanner';
import { IsolatedKeyGate } from '../../../renderer/src/scan/isolated-key';

function feed(detector: BurstDetector, keys: string, start: number, gap: number): number {
  let at = start;
  for (const key of keys) {
    detector.char(key, at);
    at += gap;
  }
  return at;
}

describe('burst detection', () => {
  it('reads keys 10 ms apart ending in Enter as one scan', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    const at = feed(detector, '123456789', 0, 10);
    expect(detector.enter(at)).toBe('123456789');
  });

  it('does not take a person typing 150 ms apart as a scan', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    const at = feed(detector, '12345', 0, 150);
    expect(detector.enter(at)).toBeUndefined();
  });

  it('starts a new burst after a pause, dropping the slow keys before it', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    feed(detector, 'ab', 0, 400);
    const at = feed(detector, 'XYZ123', 1000, 8);
    expect(detector.enter(at)).toBe('XYZ123');
  });

  it('ignores an Enter that comes long after the burst', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    const at = feed(detector, 'ABC123', 0, 5);
    expect(detector.enter(at + 500)).toBeUndefined();
  });

  it('needs the minimum length, so a quick double tap plus Enter is not a scan', () => {
    const detector = new BurstDetector({ maxGapMs: 50, minLength: 3 });
    const at = feed(detector, 'ab', 0, 5);
    expect(detector.enter(at)).toBeUndefined();
  });

  it('does not cut a scan in two when one key arrives late', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    let at = feed(detector, 'ORD-', 0, 8);
    at = feed(detector, '1001', at + 80, 8);
    expect(detector.enter(at)).toBe('ORD-1001');
  });

  it('does not take a fast typist (about 100 ms a key) for a scanner', () => {
    const detector = new BurstDetector({ maxGapMs: 50 });
    const at = feed(detector, 'ORD-1001', 0, 100);
    expect(detector.enter(at)).toBeUndefined();
  });

  it('honours a configured gap', () => {
    const detector = new BurstDetector({ maxGapMs: 100 });
    const at = feed(detector, '12345', 0, 80);
    expect(detector.enter(at)).toBe('12345');
  });
});

describe('prefix, suffix and duplicate window', () => {
  it('strips the configured prefix and suffix', () => {
    expect(stripAffixes(']C1ORDER-1#', { prefix: ']C1', suffix: '#' })).toBe('ORDER-1');
    expect(stripAffixes('  ORDER-1 ', { prefix: '', suffix: '' })).toBe('ORDER-1');
    expect(stripAffixes('ORDER-1', { prefix: 'X', suffix: 'Y' })).toBe('ORDER-1');
  });

  it('ignores the same code within the window and accepts it after', () => {
    const filter = new DuplicateFilter();
    const settings = { prefix: '', suffix: '', duplicateWindowMs: 2000 };
    expect(judgeScan('A1', settings, filter, 0)).toEqual({ kind: 'scan', code: 'A1' });
    expect(judgeScan('A1', settings, filter, 1500)).toEqual({ kind: 'repeat', code: 'A1' });
    expect(judgeScan('B2', settings, filter, 1600)).toEqual({ kind: 'scan', code: 'B2' });
    expect(judgeScan('B2', settings, filter, 3700)).toEqual({ kind: 'scan', code: 'B2' });
  });

  it('keeps ignoring a label held under the scanner: each sighting restarts the window', () => {
    const filter = new DuplicateFilter();
    const settings = { prefix: '', suffix: '', duplicateWindowMs: 2000 };
    expect(judgeScan('A1', settings, filter, 0).kind).toBe('scan');
    expect(judgeScan('A1', settings, filter, 1900).kind).toBe('repeat');
    expect(judgeScan('A1', settings, filter, 3800).kind).toBe('repeat');
  });

  it('treats a code that is only prefix and suffix as empty', () => {
    const filter = new DuplicateFilter();
    expect(judgeScan('<>', { prefix: '<', suffix: '>' }, filter, 0)).toEqual({ kind: 'empty' });
  });
});

describe('keyboard scanner on the window', () => {
  let detach: (() => void) | undefined;
  afterEach(() => {
    detach?.();
    document.body.innerHTML = '';
  });

  function press(target: Element, key: string, at: number, clock: { now: number }): KeyboardEvent {
    clock.now = at;
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  }

  function type(target: Element, text: string, start: number, gap: number, clock: { now: number }): number {
    let at = start;
    for (const key of text) {
      press(target, key, at, clock);
      at += gap;
    }
    return at;
  }

  it('turns a burst outside any field into a scan and keeps Enter from pressing the focused button', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const button = document.createElement('button');
    document.body.append(button);
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });
    const at = type(button, '7350001', 0, 5, clock);
    const enter = press(button, 'Enter', at, clock);
    expect(scans).toEqual(['7350001']);
    expect(enter.defaultPrevented).toBe(true);
  });

  it('lets a person type in a text field and leaves their Enter alone', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const input = document.createElement('input');
    document.body.append(input);
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });
    const at = type(input, 'hello', 0, 200, clock);
    const enter = press(input, 'Enter', at, clock);
    expect(scans).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
  });

  it('takes a burst into a text field back out of the field and makes it a scan', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const input = document.createElement('input');
    input.value = 'kept';
    document.body.append(input);
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });
    let at = 1000;
    for (const key of 'SCAN42') {
      press(input, key, at, clock);
      input.value += key; // what the browser's default action does after keydown
      at += 5;
    }
    const enter = press(input, 'Enter', at, clock);
    expect(scans).toEqual(['SCAN42']);
    expect(input.value).toBe('kept');
    expect(enter.defaultPrevented).toBe(true);
  });

  function scanForm(value: string): { form: HTMLFormElement; input: HTMLInputElement } {
    const form = document.createElement('form');
    form.setAttribute('data-scan-input', '');
    const input = document.createElement('input');
    input.value = value;
    form.append(input);
    document.body.append(form);
    form.addEventListener('submit', (event) => event.preventDefault());
    return { form, input };
  }

  /** What the browser does for a keydown nobody prevented: the key lands at the end of the field. */
  function typeInto(
    input: HTMLInputElement,
    text: string,
    start: number,
    gap: number,
    clock: { now: number },
  ) {
    let at = start;
    for (const key of text) {
      const event = press(input, key, at, clock);
      if (!event.defaultPrevented) input.value += key;
      at += gap;
    }
    return at;
  }

  it('leaves a screen’s own scan field to its form: Enter submits the whole field, never a split code', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const { input } = scanForm('');
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });
    // A late key (a busy machine) after the first one: the form still gets the whole code.
    let at = typeInto(input, 'O', 0, 5, clock);
    at = typeInto(input, 'RD-1500', at + 400, 5, clock);
    const enter = press(input, 'Enter', at, clock);
    expect(scans).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
    expect(input.value).toBe('ORD-1500');
  });

  it('replaces what the last look-up left in a scan field with the next burst, so scans never glue', async () => {
    const clock = { now: 0 };
    const { form, input } = scanForm('');
    detach = attachKeyboardScanner(window, { onScan: () => undefined, now: () => clock.now });
    const at = typeInto(input, 'ORD-1004', 0, 5, clock);
    press(input, 'Enter', at, clock);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(input.value).toBe('ORD-1004'); // the failed look-up left its code

    typeInto(input, 'ORD-1005', at + 1000, 5, clock);
    expect(input.value).toBe('ORD-1005');
  });

  it('swallows the LF of a scanner ending codes with CR+LF: the second Enter presses no button and submits no field', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const button = document.createElement('button');
    document.body.append(button);
    const { input } = scanForm('');
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });

    let at = type(button, '7350001', 0, 3, clock);
    expect(press(button, 'Enter', at, clock).defaultPrevented).toBe(true);
    expect(press(button, 'Enter', at + 3, clock).defaultPrevented).toBe(true);
    expect(scans).toEqual(['7350001']);

    // In a screen's scan field the first Enter is the form's (it submits the code); the second is swallowed.
    at = typeInto(input, 'ORD-1001', 1000, 3, clock);
    expect(press(input, 'Enter', at, clock).defaultPrevented).toBe(false);
    expect(press(input, 'Enter', at + 3, clock).defaultPrevented).toBe(true);
  });

  it('leaves a person’s Enter alone, also pressed twice, and an Enter that comes after the scan’s keys were done', () => {
    const clock = { now: 0 };
    const { input } = scanForm('');
    detach = attachKeyboardScanner(window, { onScan: () => undefined, now: () => clock.now });
    // Typed by hand, then Enter twice in a row: both are the person's.
    let at = typeInto(input, 'ORD-1', 0, 200, clock);
    expect(press(input, 'Enter', at, clock).defaultPrevented).toBe(false);
    expect(press(input, 'Enter', at + 20, clock).defaultPrevented).toBe(false);
    // A scan, then the person presses Enter a moment later: theirs, not a line feed.
    at = typeInto(input, 'ORD-1002', 5000, 3, clock);
    press(input, 'Enter', at, clock);
    expect(press(input, 'Enter', at + 1000, clock).defaultPrevented).toBe(false);
  });

  it('takes a burst ending in Tab (a scanner set up so) for a scan: outside fields, in a text field and in a scan field', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const button = document.createElement('button');
    const text = document.createElement('input');
    text.value = 'kept';
    document.body.append(button, text);
    const { form, input } = scanForm('');
    let submits = 0;
    form.addEventListener('submit', () => (submits += 1));
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });

    let at = type(button, '7350001', 0, 3, clock);
    expect(press(button, 'Tab', at, clock).defaultPrevented).toBe(true);
    at = typeInto(text, 'SCAN42', 1000, 3, clock);
    expect(press(text, 'Tab', at, clock).defaultPrevented).toBe(true);
    expect(text.value).toBe('kept');
    expect(scans).toEqual(['7350001', 'SCAN42']);

    // A screen's scan field: the Tab submits its form, as Enter would, and the focus stays.
    at = typeInto(input, 'ORD-1001', 2000, 3, clock);
    expect(press(input, 'Tab', at, clock).defaultPrevented).toBe(true);
    expect(submits).toBe(1);
    expect(input.value).toBe('ORD-1001');
  });

  it('leaves a person’s Tab and Shift+Tab alone, in a field and outside', () => {
    const clock = { now: 0 };
    const scans: string[] = [];
    const { form, input } = scanForm('');
    let submits = 0;
    form.addEventListener('submit', () => (submits += 1));
    detach = attachKeyboardScanner(window, { onScan: (code) => scans.push(code), now: () => clock.now });
    const at = typeInto(input, 'ORD-1', 0, 200, clock);
    expect(press(input, 'Tab', at, clock).defaultPrevented).toBe(false);
    expect(press(document.body, 'Tab', at + 1000, clock).defaultPrevented).toBe(false);
    clock.now = at + 2000;
    const shiftTab = new KeyboardEvent('keydown', {
      key: 'Tab',
      shiftKey: true,
      bubbles: true,
      cancelable: true,
    });
    input.dispatchEvent(shiftTab);
    expect(shiftTab.defaultPrevented).toBe(false);
    expect(submits).toBe(0);
    expect(scans).toEqual([]);
  });

  it('lets a person edit what a look-up left: only a burst replaces it', async () => {
    const clock = { now: 0 };
    const { form, input } = scanForm('ORD-1004');
    detach = attachKeyboardScanner(window, { onScan: () => undefined, now: () => clock.now });
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    typeInto(input, '-2', 1000, 200, clock);
    expect(input.value).toBe('ORD-1004-2');
  });
});

describe('isolated key gate', () => {
  it('runs the shortcut when no key follows within the gap', () => {
    vi.useFakeTimers();
    try {
      const gate = new IsolatedKeyGate(50);
      const action = vi.fn();
      gate.press(action, () => undefined);
      vi.advanceTimersByTime(60);
      expect(action).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the key back when another key follows fast (a scan that starts with R)', () => {
    vi.useFakeTimers();
    try {
      const gate = new IsolatedKeyGate(50);
      const action = vi.fn();
      const interrupted = vi.fn();
      gate.press(action, interrupted);
      vi.advanceTimersByTime(10);
      expect(gate.interrupt()).toBe(1);
      vi.advanceTimersByTime(100);
      expect(action).not.toHaveBeenCalled();
      expect(interrupted).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs the shortcut once for a fast double tap, and gives both keys back when a third key follows', () => {
    vi.useFakeTimers();
    try {
      const gate = new IsolatedKeyGate(50);
      const action = vi.fn();
      gate.press(action, () => undefined);
      vi.advanceTimersByTime(5);
      expect(gate.repeat()).toBe(true);
      vi.advanceTimersByTime(100);
      expect(action).toHaveBeenCalledOnce();
      expect(gate.repeat()).toBe(false);

      gate.press(action, () => undefined);
      vi.advanceTimersByTime(10);
      gate.repeat();
      vi.advanceTimersByTime(45);
      expect(gate.interrupt()).toBe(2);
      vi.advanceTimersByTime(100);
      expect(action).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
