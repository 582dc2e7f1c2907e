import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, scanLikeAScanner } from './helpers';
import type { JobView } from '../../preload/api';

test.describe('the packer reads the numbers printed on the label, never internal ids', () => {
  test('after R the card still shows the shipment number, parcels and receiver, and Today’s scans shows the reprint on the same row', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    const [booking] = await demo.call<JobView[]>('listJobs');
    const { shipmentId, shipmentNo } = booking!.shipments[0]!;
    expect(shipmentNo).toBeTruthy();
    expect(shipmentNo).not.toBe(shipmentId);
    await expect(result).toContainText(`Shipment ${shipmentNo}`);
    await expect.poll(async () => (await labels(demo)).length).toBe(2);

    await page.keyboard.press('r');
    await expect.poll(async () => (await labels(demo)).length).toBe(4);
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result).toContainText('Reprint: nothing was booked again.');
    await expect(result).toContainText(`Shipment ${shipmentNo}`);
    await expect(result).toContainText('2 parcels');
    await expect(result).toContainText('To Åsa Öberg');
    await expect(result).not.toContainText(shipmentId);

    // One row for the one booking; the reprint is a note on it, not a second booking.
    const today = page.getByRole('region', { name: "Today's scans" });
    const rows = today.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('ORD-1001');
    await expect(rows.first()).toContainText(shipmentNo!);
    await expect(rows.first()).toContainText(/Reprinted at \d{1,2}:\d{2}(:\d{2})? on /);
    await expect(today).not.toContainText(shipmentId);
    await saveScreen(page, 'scan-reprinted');

    // Jobs: the reprint is listed as a reprint of that shipment, by its number.
    await page.keyboard.press('F2');
    const list = page.getByRole('table', { name: 'Jobs' });
    const reprintRow = list.getByRole('row').filter({ hasText: 'Reprint' });
    await reprintRow.getByRole('button', { name: 'ORD-1001' }).click();
    const details = page.getByTestId('job-details');
    await expect(details).toContainText(`Shipment ${shipmentNo}`);
    await expect(details).toContainText('Reprint of ORD-1001');
    await expect(details).not.toContainText(shipmentId);
  });

  test('the Stored screen’s delete confirmation names the order number the list shows', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    const row = page
      .getByRole('table', { name: 'Stored shipments' })
      .getByRole('row')
      .filter({ hasText: 'SO-2002' });
    const storedId = await row.getAttribute('data-stored-id');
    expect(storedId).toBeTruthy();
    await row.getByRole('button', { name: 'SO-2002' }).click();
    await page.getByTestId('stored-details').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('SO-2002');
    await expect(confirm).not.toContainText(storedId!);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
  });
});
