import { describe, expect, it } from 'vitest';
import { createFeedRateGuard, FEED_MIN_INTERVAL_MS } from '../../../main/nshift/delivery/feed-rate';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('the batch feeds call-rate guard', () => {
  it('lets one call in five minutes through and refuses the next with the wait', () => {
    const c = clock();
    const guard = createFeedRateGuard({ now: c.now });
    expect(guard.reserve('alerts')).toEqual({ ok: true, exempt: false });
    guard.answered('alerts', { done: true, minDelayMs: 0 });
    c.advance(60_000);
    expect(guard.reserve('alerts')).toEqual({ ok: false, waitMs: FEED_MIN_INTERVAL_MS - 60_000 });
    c.advance(FEED_MIN_INTERVAL_MS - 60_000);
    expect(guard.reserve('alerts')).toEqual({ ok: true, exempt: false });
  });

  it('exempts exactly one call after each answer with done: false', () => {
    const c = clock();
    const guard = createFeedRateGuard({ now: c.now });
    guard.reserve('alerts');
    guard.answered('alerts', { done: false, minDelayMs: 0 });
    expect(guard.reserve('alerts')).toEqual({ ok: true, exempt: true });
    // Its answer has not come yet: a second call now is not exempt.
    expect(guard.reserve('alerts').ok).toBe(false);
    guard.answered('alerts', { done: true, minDelayMs: 0 });
    expect(guard.reserve('alerts').ok).toBe(false);
  });

  it("keeps each feed apart, honours nShift's minDelay, and counts a call that failed", () => {
    const c = clock();
    const guard = createFeedRateGuard({ now: c.now });
    guard.reserve('alerts');
    guard.answered('alerts', undefined);
    expect(guard.reserve('shipments').ok).toBe(true);
    guard.answered('shipments', { done: true, minDelayMs: 9 * 60_000 });
    c.advance(FEED_MIN_INTERVAL_MS);
    expect(guard.reserve('alerts').ok).toBe(true);
    expect(guard.reserve('shipments')).toEqual({ ok: false, waitMs: 4 * 60_000 });
  });

  it('takes over the last call of a previous run, and only ever gets stricter', () => {
    const c = clock();
    const guard = createFeedRateGuard({ now: c.now });
    guard.restore('alerts', { lastCountedAt: c.now() - 60_000, open: false });
    expect(guard.waitMs('alerts')).toBe(FEED_MIN_INTERVAL_MS - 60_000);
    guard.restore('alerts', { lastCountedAt: c.now() - 10 * 60_000, open: false });
    expect(guard.waitMs('alerts')).toBe(FEED_MIN_INTERVAL_MS - 60_000);
  });
});
