import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, scanAndWait, scanLikeAScanner } from './helpers';
import type { DemoHost } from './demo-host';
import type { ShipmentSummary, ShipmentTimeline, StationStatus } from '../../preload/api';
import type { Page } from '@playwright/test';

const HOUR = 60 * 60 * 1000;

/** The History screen, opened with its key. */
async function openHistory(page: Page, demo: DemoHost): Promise<void> {
  await openStation(page, demo);
  await page.keyboard.press('F7');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByTestId('history-value')).toBeFocused();
}

/** Types a number into the search, by the chosen field, and presses Enter like a packer. */
async function searchBy(page: Page, field: string, value: string): Promise<void> {
  await page.getByTestId('history-field').selectOption(field);
  await page.getByTestId('history-value').fill(value);
  await page.getByTestId('history-value').press('Enter');
}

async function bookings(demo: DemoHost): Promise<unknown[]> {
  return (await (await fetch(`${demo.simulatorUrl}/_sim/records`)).json()) as unknown[];
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test.describe('History: where is this shipment?', () => {
  test('search by order number, shipment number, a scanned parcel number, and a date range', async ({
    page,
    demo,
  }) => {
    const job = await scanAndWait(demo, 'ORD-1001');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    const { shipmentNo, shipmentId } = await demo.call<ShipmentSummary>('lookupShipment', { code: parcelNo });
    const status = await demo.call<StationStatus>('getStatus');
    const zebra = status.printers.find((p) => p.kind === 'zpl-tcp')!.name;

    await openHistory(page, demo);
    await searchBy(page, 'orderNo', 'ORD-1001');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-shipment-id', shipmentId);
    await expect(rows.first()).toHaveAttribute('data-source', 'nshift');
    await expect(rows.first()).toContainText('Åsa Öberg');
    await expect(rows.first()).toContainText('P19');
    const details = page.getByTestId('history-details');
    await expect(details).toContainText(parcelNo);
    await expect(details.getByTestId('history-status')).toHaveText('Booked');
    // Where the label went and when: the station's own journal.
    const prints = details.getByTestId('history-prints').getByRole('listitem');
    await expect(prints).toHaveCount(1);
    await expect(prints.first()).toContainText(`Label on ${zebra} at`);
    await expect(prints.first()).toHaveAttribute('data-state', 'printed');
    // The result has focus: the next keys act on it.
    await expect(rows.first().getByRole('button', { name: shipmentNo! })).toBeFocused();
    await saveScreen(page, 'history-order');

    await page.getByTestId('history-value').focus();
    await searchBy(page, 'shipmentNo', shipmentNo!);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-shipment-id', shipmentId);

    // A scan anywhere on the screen (focus on the results, not in the field) fills the search and runs it.
    await page.getByTestId('history-field').selectOption('any');
    await rows.first().getByRole('button').focus();
    await scanLikeAScanner(page, parcelNo);
    await expect(page.getByTestId('history-value')).toHaveValue(parcelNo);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-shipment-id', shipmentId);

    // Dates only: today's shipments, among them ORD-1001's and the one the demo booked earlier today.
    await page.getByTestId('history-value').fill('');
    await page.getByTestId('history-from').fill(today());
    await page.getByTestId('history-to').fill(today());
    await page.getByTestId('history-search').click();
    await expect(page.locator(`[data-testid="history-row"][data-shipment-id="${shipmentId}"]`)).toHaveCount(
      1,
    );
    await expect(page.getByTestId('history-results')).toContainText('ORD-1500');
    await saveScreen(page, 'history-date-range');
  });

  test('R on a result reprints its labels: once more on the Zebra, the same bytes, no booking', async ({
    page,
    demo,
  }) => {
    await openHistory(page, demo);
    await searchBy(page, 'orderNo', 'ORD-1001');
    const row = page.getByTestId('history-row').first();
    await expect(row.getByRole('button')).toBeFocused();
    const before = await labels(demo);
    const booked = (await bookings(demo)).length;

    await page.keyboard.press('r');
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    const after = await labels(demo);
    // ORD-1001 has two parcels: one label each, byte for byte what printed when it was booked.
    const reprinted = after.slice(before.length);
    expect(reprinted).toHaveLength(2);
    expect(before.filter((label) => reprinted.includes(label))).toHaveLength(2);
    expect((await bookings(demo)).length).toBe(booked);
    // The result is read again: the reprint is listed where the label went.
    const prints = page.getByTestId('history-prints').getByRole('listitem');
    await expect(prints).toHaveCount(2);
    await expect(prints.last()).toContainText('Reprint');
  });

  test('C on a result cancels it after the same confirmation as the Cancel screen', async ({
    page,
    demo,
  }) => {
    const handed = await scanAndWait(demo, 'ORD-1004');
    await demo.sim(`/_sim/shipments/${handed.shipments[0]!.shipmentId}/hand-over`);
    await scanAndWait(demo, 'ORD-1003');

    await openHistory(page, demo);
    // The carrier has ORD-1004: the confirmation warns about the penalty; Esc backs out.
    await searchBy(page, 'orderNo', 'ORD-1004');
    await expect(page.getByTestId('history-row').first().getByRole('button')).toBeFocused();
    await page.keyboard.press('c');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expect(page.getByTestId('penalty-warning')).toHaveText(
      'The carrier already has this shipment. Cancelling now may cost a carrier penalty.',
    );
    await saveScreen(page, 'history-cancel-handed-over');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByTestId('history-value').focus();
    await searchBy(page, 'orderNo', 'ORD-1003');
    const row = page.getByTestId('history-row').first();
    await expect(row.getByRole('button')).toBeFocused();
    await page.keyboard.press('c');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await expect(page.getByTestId('penalty-warning')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Yes, cancel the shipment' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'done');
    await expect(row.getByTestId('history-state')).toHaveText('Cancelled');
    await expect(page.getByTestId('history-cancel')).toHaveCount(0);
    await saveScreen(page, 'history-cancelled');
  });

  test("shows the carrier's tracking timeline from nShift's status events", async ({ page, demo }) => {
    const job = await scanAndWait(demo, 'ORD-1005');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    // A day passes for the carriers: the demo's follower runs on the simulator's clock and reads the events.
    await demo.sim('/_sim/clock/advance', { ms: 25 * HOUR });
    await expect
      .poll(
        async () =>
          (await demo.call<ShipmentTimeline>('getShipmentTimeline', { code: parcelNo })).events.length,
      )
      .toBe(3);

    await openHistory(page, demo);
    await searchBy(page, 'parcelNo', parcelNo);
    const timeline = page.getByTestId('history-timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toHaveAttribute('data-step', 'handed_over');
    await expect(timeline.nth(0)).toContainText('Handed over to the carrier');
    await expect(timeline.nth(1)).toHaveAttribute('data-step', 'in_transit');
    await expect(timeline.nth(2)).toHaveAttribute('data-step', 'delivered');
    await expect(page.getByTestId('history-row').first()).toContainText('Delivered');
    // Delivered: nothing left to cancel.
    await expect(page.getByTestId('history-cancel')).toHaveCount(0);
    await saveScreen(page, 'history-timeline');
  });

  test("nShift unreachable: today's shipments from the journal, marked as such", async ({ page, demo }) => {
    await openHistory(page, demo);
    await demo.sim('/_sim/network', { reachable: false });
    try {
      await searchBy(page, 'orderNo', 'ORD-1001');
      await expect(page.getByTestId('history-offline')).toContainText('nShift cannot be reached');
      const row = page.getByTestId('history-row').first();
      await expect(row).toHaveAttribute('data-source', 'journal');
      await expect(row).toContainText('From the journal');
      await expect(page.getByTestId('history-prints').getByRole('listitem').first()).toHaveAttribute(
        'data-state',
        'printed',
      );
      await saveScreen(page, 'history-offline');
    } finally {
      await demo.sim('/_sim/network', { reachable: true });
    }
  });
});
