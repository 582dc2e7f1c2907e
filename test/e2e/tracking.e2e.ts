import { expect, test } from './demo-host';
import { openStation, saveScreen, saveSettingsBar, scanAndWait, settingsSection } from './helpers';
import type { DemoHost } from './demo-host';
import type { SettingsView } from '../../preload/api';
import type { Locator, Page } from '@playwright/test';

/**
 * Settings → Tracking changes what the running station does with nShift's status-event feed, without a
 * restart. The demo's follower runs on the simulator's clock; `_demo/status-events/tick` waits for the check
 * its timer makes every second, so each step knows whether the station read the feed at that moment.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface FeedCall {
  at: number;
  exempt: boolean;
  refused: boolean;
}

/** Every call of the status-event feed the simulator served or refused. */
async function feedCalls(demo: DemoHost): Promise<FeedCall[]> {
  const res = await fetch(`${demo.simulatorUrl}/_sim/feeds?feed=alerts`);
  return ((await res.json()) as { calls: FeedCall[] }).calls;
}

/** The calls that count against nShift's one-per-five-minutes rule (not the exempt ones after done: false). */
async function countedCalls(demo: DemoHost): Promise<number[]> {
  return (await feedCalls(demo)).filter((c) => !c.exempt && !c.refused).map((c) => c.at);
}

/** Moves the simulator's clock, then lets the follower check once at the new time. */
async function advance(demo: DemoHost, ms: number): Promise<void> {
  await demo.sim('/_sim/clock/advance', { ms });
  await demo.call('_demo/status-events/tick');
}

async function openTracking(page: Page): Promise<Locator> {
  return settingsSection(page, 'Tracking (nShift status events)');
}

async function saveTracking(tracking: Locator): Promise<void> {
  await saveSettingsBar(tracking.page());
}

async function showInHistory(page: Page, parcelNo: string): Promise<void> {
  await page.keyboard.press('F7');
  await expect(page.getByTestId('history-value')).toBeFocused();
  await page.getByTestId('history-field').selectOption('parcelNo');
  await page.getByTestId('history-value').fill(parcelNo);
  await page.getByTestId('history-value').press('Enter');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
}

test.describe('Settings → Tracking, applied without a restart', () => {
  test('stations sharing the account: this station reads the feed that many times less often', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const tracking = await openTracking(page);
    await demo.call('_demo/status-events/tick');
    const atStart = await countedCalls(demo);
    expect(atStart.length).toBeGreaterThanOrEqual(1);

    await tracking.getByLabel('Stations sharing this nShift account').fill('3');
    await expect(tracking).toContainText('every 15 minutes');
    await saveTracking(tracking);
    await saveScreen(page, 'settings-tracking');
    expect((await demo.call<SettingsView>('getSettings')).statusEvents).toEqual({
      follow: true,
      stationsOnAccount: 3,
    });

    // Six minutes on: one station alone would read again now; one of three does not.
    await advance(demo, 6 * MINUTE);
    expect(await countedCalls(demo)).toEqual(atStart);
    // Sixteen minutes on: it does, once.
    await advance(demo, 10 * MINUTE);
    const after = await countedCalls(demo);
    expect(after).toHaveLength(atStart.length + 1);
    expect(after.at(-1)! - atStart.at(-1)!).toBeGreaterThanOrEqual(15 * MINUTE);
  });

  test('a station that stops following reads nothing and History says so; following again catches up', async ({
    page,
    demo,
  }) => {
    const job = await scanAndWait(demo, 'ORD-1005');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    await openStation(page, demo);
    let tracking = await openTracking(page);
    await tracking.getByLabel('This station follows the status events').uncheck();
    await tracking.getByLabel('Stations sharing this nShift account').fill('1');
    await saveTracking(tracking);

    // A day passes for the carriers; the station does not ask.
    const before = await feedCalls(demo);
    await advance(demo, 25 * HOUR);
    expect(await feedCalls(demo)).toEqual(before);
    await showInHistory(page, parcelNo);
    await expect(page.getByTestId('history-timeline')).toHaveCount(0);
    await expect(page.getByTestId('history-details')).toContainText('No status events from the carrier yet.');
    await expect(page.getByTestId('history-details')).toContainText(
      'This station does not follow the status events',
    );

    tracking = await openTracking(page);
    await expect(tracking.getByLabel('This station follows the status events')).not.toBeChecked();
    await tracking.getByLabel('This station follows the status events').check();
    await saveTracking(tracking);
    await demo.call('_demo/status-events/tick');
    expect((await feedCalls(demo)).length).toBeGreaterThan(before.length);

    await showInHistory(page, parcelNo);
    const timeline = page.getByTestId('history-timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toHaveAttribute('data-step', 'handed_over');
    await expect(timeline.nth(2)).toHaveAttribute('data-step', 'delivered');
    await expect(page.getByTestId('history-details')).not.toContainText(
      'This station does not follow the status events',
    );
  });
});
