import type { Locator, Page, Route } from '@playwright/test';
import type { JobView, ShipmentSummary } from '../../preload/api';
import { expect, test } from './demo-host';
import { openStation, scanAndWait } from './helpers';

/** A scanner at full speed: 2 ms a key, then Enter. */
async function scanFast(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}

/**
 * The next scan into a look-up field that still holds the last code. The field's text is selected first, so the
 * new code replaces it whatever the machine's load does to the keys' timing: the burst rule that replaces a
 * scan's leftover (scan-layer.test.ts) is not what these tests are about, and a stalled key would split the burst.
 */
async function scanFastOver(page: Page, field: Locator, code: string): Promise<void> {
  await field.selectText();
  await scanFast(page, code);
}

/**
 * Holds the first call to `/api/<method>` until the test lets it go, so a second scan can be made while the first
 * is still on its way, and its answer can be made to arrive after the second's (as a slow nShift answer does).
 */
async function holdFirstCall(page: Page, method: string) {
  const calls: Route[] = [];
  let letGo: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let finished = 0;
  page.on('requestfinished', (request) => {
    if (request.url().endsWith(`/api/${method}`)) finished += 1;
  });
  await page.route(`**/api/${method}`, async (route) => {
    calls.push(route);
    if (calls.length === 1) await released;
    await route.continue();
  });
  return {
    /** How many calls the page made so far. */
    calls: () => calls.length,
    finished: () => finished,
    release: letGo,
  };
}

async function bookedParcel(demo: Parameters<typeof scanAndWait>[0], order: string) {
  const job = await scanAndWait(demo, order);
  const parcelNo = job.shipments[0]!.parcelNos[0]!;
  const { shipmentNo } = await demo.call<ShipmentSummary>('lookupShipment', { code: parcelNo });
  return { parcelNo, shipmentNo: shipmentNo! };
}

test.describe('a scan made while the last look-up is on its way replaces it', () => {
  test('Cancel: the second parcel is looked up, and the first one’s late answer never shows under it', async ({
    page,
    demo,
  }) => {
    const first = await bookedParcel(demo, 'ORD-1004');
    const second = await bookedParcel(demo, 'ORD-1005');
    await openStation(page, demo);
    await page.keyboard.press('F5');
    const field = page.getByLabel('Shipment, parcel or order number');
    await expect(field).toBeFocused();
    const lookups = await holdFirstCall(page, 'lookupShipment');

    await scanFast(page, first.parcelNo);
    await expect.poll(lookups.calls).toBe(1);
    await scanFastOver(page, field, second.parcelNo);
    await expect(field).toHaveValue(second.parcelNo);
    // The second scan is looked up at once, not dropped because the first is still busy.
    await expect.poll(lookups.calls).toBe(2);
    await expect.poll(lookups.finished).toBe(1);
    lookups.release();
    await expect.poll(lookups.finished).toBe(2);

    const shown = page.getByTestId('cancel-shipment');
    await expect(shown).toContainText(second.shipmentNo);
    await expect(shown).toContainText(second.parcelNo);
    await expect(shown).not.toContainText(first.shipmentNo);
    // Enter on the focused step asks about the scanned shipment, never the one before it.
    await expect(page.getByRole('button', { name: 'Cancel this shipment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toContainText(`Cancel shipment ${second.shipmentNo}?`);
    await page.keyboard.press('Escape');
  });

  test('History: the second number is searched, and the first one’s late answer never replaces its results', async ({
    page,
    demo,
  }) => {
    const first = await bookedParcel(demo, 'ORD-1002');
    const second = await bookedParcel(demo, 'ORD-1003');
    await openStation(page, demo);
    await page.keyboard.press('F7');
    await expect(page.getByTestId('history-value')).toBeFocused();
    const searches = await holdFirstCall(page, 'searchHistory');

    await scanFast(page, first.parcelNo);
    await expect.poll(searches.calls).toBe(1);
    // The search keeps the keyboard in its field while nothing is found yet: the next scan types there.
    await scanFastOver(page, page.getByTestId('history-value'), second.parcelNo);
    await expect(page.getByTestId('history-value')).toHaveValue(second.parcelNo);
    await expect.poll(searches.calls).toBe(2);
    await expect.poll(searches.finished).toBe(1);
    searches.release();
    await expect.poll(searches.finished).toBe(2);

    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('history-details')).toContainText(second.parcelNo);
    await expect(page.getByTestId('history-details')).not.toContainText(first.parcelNo);
  });
});

test.describe('a scan the packer moved on from is not forgotten', () => {
  test('it fails after the next code printed: the Scan screen says so above the newer result, and the error sounds', async ({
    page,
    demo,
  }) => {
    // Which tones the page played: the error's low buzz is 180 Hz (sounds.ts), the success's first tone 880 Hz.
    await page.addInitScript(() => {
      const played: number[] = [];
      Object.assign(window, { playedTones: played });
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        override createOscillator(): OscillatorNode {
          const oscillator = super.createOscillator();
          queueMicrotask(() => played.push(oscillator.frequency.value));
          return oscillator;
        }
      };
    });
    await openStation(page, demo);
    // ORD-1900's booking (nShift refuses its postcode) answers late; ORD-1001 is scanned while it waits.
    await demo.sim('/_sim/faults/latency', { method: 'POST', path: '**/orders/shipments', ms: 1500 });
    await scanFast(page, 'ORD-1900');
    await expect
      .poll(
        async () => (await demo.call<JobView[]>('listJobs')).find((job) => job.scan === 'ORD-1900')?.state,
      )
      .toBe('booking');
    await demo.sim('/_sim/faults/clear');
    await scanFast(page, 'ORD-1001');

    const result = page.getByTestId('last-result');
    await expect(result.locator('.result-code')).toHaveText('ORD-1001');
    await expect(result).toHaveAttribute('data-state', 'printed');
    const missed = page.getByTestId('missed-scans');
    await expect(missed).toContainText('ORD-1900, scanned before ORD-1001, failed.');
    await expect(missed).toHaveAttribute('role', 'alert');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { playedTones: number[] }).playedTones))
      .toContain(180);
    // Esc clears it with the last result; the keyboard never left the scan field.
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(missed).toHaveCount(0);
  });
});
