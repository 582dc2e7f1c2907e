import { describe, expect, it } from 'vitest';
import { RequestRate } from '../../../main/nshift/shared/request-rate';

describe("a station's request rate on its account", () => {
  it('counts the requests started in the last second and forgets older ones', () => {
    let now = 10_000;
    const rate = new RequestRate(() => now);
    rate.note();
    now += 400;
    rate.note();
    rate.note();
    expect(rate.lastSecond()).toBe(3);
    now += 600; // the first is exactly a second old: out of the window
    expect(rate.lastSecond()).toBe(2);
    now += 401;
    expect(rate.lastSecond()).toBe(0);
  });

  it('says how long until the second holds fewer than a limit', () => {
    let now = 0;
    const rate = new RequestRate(() => now);
    for (const at of [0, 100, 200, 300]) {
      now = at;
      rate.note();
    }
    now = 350;
    expect(rate.msUntilBelow(5)).toBe(0);
    // Four in the window, fewer than four once the one at 0 has left it.
    expect(rate.msUntilBelow(4)).toBe(650);
    // Fewer than two once the one at 200 has left.
    expect(rate.msUntilBelow(2)).toBe(850);
    now = 1000;
    expect(rate.msUntilBelow(4)).toBe(0);
  });
});
