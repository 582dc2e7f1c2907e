import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, scanLikeAScanner, settledLabelCount } from './helpers';

test.describe('reprint, duplicates and the Jobs screen', () => {
  test('R on the Scan screen reprints the last label byte for byte, and so does the Reprint button', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    // ORD-1001 has two parcels: one ^XA…^XZ each.
    await expect.poll(async () => (await labels(demo)).length).toBe(2);
    const first = await labels(demo);

    // The scan field is empty and focused: R is the reprint key, not the start of a scan.
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.press('r');
    await expect.poll(async () => (await labels(demo)).length).toBe(4);
    expect((await labels(demo)).slice(2)).toEqual(first);
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(page.getByTestId('scan-input')).toHaveValue('');

    await result.getByRole('button', { name: 'Reprint (R)' }).click();
    await expect.poll(async () => (await labels(demo)).length).toBe(6);
    expect((await labels(demo)).slice(4)).toEqual(first);
    // Reprints never book: the simulator still has one booking for ORD-1001.
    const records = (await (await fetch(`${demo.simulatorUrl}/_sim/records`)).json()) as {
      internalReference?: string;
      orderNo?: string;
    }[];
    expect(
      records.filter((r) => r.internalReference === 'ORD-1001' || r.orderNo === 'ORD-1001'),
    ).toHaveLength(1);
  });

  test('a code that was booked before is a duplicate, one key away from a reprint', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1500');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-result', 'duplicate');
    await expect(result).toContainText('Already booked');
    await expect(result).toContainText('ORD-1500');
    await expect(result.getByRole('button', { name: 'Reprint (R)' })).toBeVisible();
    await saveScreen(page, 'scan-duplicate');
  });

  test('the Jobs screen lists today’s jobs; arrow keys walk them and the details show the documents', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    // A failed scan too, so the list shows more than one state.
    await scanLikeAScanner(page, 'ORD-1900');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'failed');

    await page.keyboard.press('F2');
    const list = page.getByRole('table', { name: 'Jobs' });
    await expect(list.getByRole('row')).toHaveCount(1 + 5); // header + ORD-1001, R, button reprint, ORD-1500, ORD-1900
    const details = page.getByTestId('job-details');

    // The first scan of ORD-1001 (its reprints are jobs of their own, kind "Reprint").
    const scanRow = list
      .getByRole('row')
      .filter({ hasText: 'ORD-1001' })
      .filter({ hasText: /^(?!.*Reprint).*Scan/ });
    await scanRow.getByRole('button', { name: 'ORD-1001' }).click();
    await expect(details).toContainText('Scan ·');
    await page.keyboard.press('ArrowUp');
    await expect(details).toContainText('Reprint ·');
    await page.keyboard.press('ArrowDown');
    await expect(details).toContainText('Scan ·');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('ORD-1001');
    await expect(details).toContainText('00735000001234560033, 00735000001234560040');
    await expect(details).toContainText('Label · Printed');
    await saveScreen(page, 'jobs-selected');

    // The label as the printer sees it.
    await details.getByRole('button', { name: 'Preview' }).first().click();
    const preview = page.getByTestId('document-preview');
    await expect(preview.getByRole('img').first()).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    await saveScreen(page, 'jobs-preview');
  });

  test('R pressed twice fast prints one reprint and leaves the scan field empty for the next scan', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const start = (await labels(demo)).length;
    await scanLikeAScanner(page, 'ORD-1004');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect.poll(async () => (await labels(demo)).length).toBeGreaterThan(start);
    const before = await settledLabelCount(demo);
    const perScan = before - start;

    // A near-instant double tap, then one with a short pause (the reprint is then on its way).
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    await expect(result).toContainText('Reprint: nothing was booked again.');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await page.keyboard.press('r');
    await page.waitForTimeout(50);
    await page.keyboard.press('r');
    await expect(page.getByTestId('scan-input')).toHaveValue('');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await page.waitForTimeout(500);
    expect((await labels(demo)).length).toBe(before + 2 * perScan);

    await scanLikeAScanner(page, 'ORD-1005');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result.locator('.result-code')).toHaveText('ORD-1005');
  });
});
