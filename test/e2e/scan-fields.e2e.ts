import { expect, test } from './demo-host';
import { openStation, scanAndWait, scanLikeAScanner } from './helpers';
import type { JobView } from '../../preload/api';

/** A person at the keyboard: far slower than a scanner, so never taken for a burst. */
const BY_HAND = { delay: 150 };

test.describe('a scan replaces what a previous scan left in a scan field', () => {
  test('Cancel: after a failed look-up the next scan looks up only its own code; typing by hand still edits', async ({
    page,
    demo,
  }) => {
    await scanAndWait(demo, 'ORD-1005');
    await openStation(page, demo);
    await page.keyboard.press('F5');
    const field = page.getByLabel('Shipment, parcel or order number');
    await expect(field).toBeFocused();

    // ORD-1004 was never booked: the look-up fails and the code stays in the field.
    await scanLikeAScanner(page, 'ORD-1004');
    await expect(page.getByRole('alert')).toContainText('ORD-1004');
    await expect(field).toHaveValue('ORD-1004');

    await scanLikeAScanner(page, 'ORD-1005');
    const shipment = page.getByTestId('cancel-shipment');
    await expect(shipment).toContainText('ORD-1005');
    await expect(shipment).toContainText('Märta Ängström');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(field).toHaveValue('ORD-1005');

    // A person edits what is there: the last digit, by hand, then Enter.
    await field.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4', BY_HAND);
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue('ORD-1004');
    await expect(page.getByRole('alert')).toContainText('ORD-1004');
    await expect(page.getByTestId('cancel-shipment')).toHaveCount(0);
  });

  test('Stored: two scans into the focused filter field filter by the second order number alone', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    const rows = page.getByRole('table', { name: 'Stored shipments' }).getByRole('row');
    const field = page.getByLabel('Order number');
    await field.focus();

    await scanLikeAScanner(page, 'SO-2001');
    await expect(rows.filter({ hasText: 'SO-2001' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'SO-2002' })).toHaveCount(0);

    await scanLikeAScanner(page, 'SO-2002');
    await expect(field).toHaveValue('SO-2002');
    await expect(rows.filter({ hasText: 'SO-2002' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'SO-2001' })).toHaveCount(0);
  });

  test('Scan: two scans in a row book each code on its own', async ({ page, demo }) => {
    await openStation(page, demo);
    const input = page.getByTestId('scan-input');
    const result = page.getByTestId('last-result');

    await scanLikeAScanner(page, 'ORD-1002');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await scanLikeAScanner(page, 'ORD-1003');
    await expect(result.locator('.result-code')).toHaveText('ORD-1003');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(input).toHaveValue('');

    // Every job is one whole code: nothing glued (this file's other tests scanned too).
    const scans = (await demo.call<JobView[]>('listJobs')).map((job) => job.scan);
    expect(scans).toEqual(expect.arrayContaining(['ORD-1002', 'ORD-1003']));
    expect(scans.filter((scan) => !/^ORD-\d{4}$/.test(scan))).toEqual([]);
  });
});
