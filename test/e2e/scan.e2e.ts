import { expect, test } from './demo-host';
import { labels, saveScreen, scanLikeAScanner } from './helpers';
import type { JobView } from '../../preload/api';

test.describe('scan → printed in the browser, through the web host in demo mode', () => {
  test('typing an order number as a scanner does prints its label on the virtual printer', async ({
    page,
    demo,
  }) => {
    await page.goto(demo.openUrl);
    const input = page.getByTestId('scan-input');
    await expect(input).toBeFocused();
    // A scanner is a keyboard that types fast and ends with Enter.
    await page.keyboard.type('ORD-1001', { delay: 8 });
    await page.keyboard.press('Enter');

    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result).toContainText('ORD-1001');

    const labels = await demo.call<string[]>('_demo/labels');
    expect(labels.length).toBeGreaterThan(0);
    // cp850 by default: "Åsa Öberg" arrives with Å as the single byte 0x8F.
    expect(labels.join('')).toContain('\x8fsa');
    // The token left the address bar once the page had it.
    expect(page.url()).not.toContain('token=');
    await saveScreen(page, 'scan-printed');
  });

  test('SPLIT-3001, made at checkout: its three prepared shipments are booked and printed, 3 of 3, a label each; a rescan books nothing', async ({
    page,
    demo,
  }) => {
    await page.goto(demo.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    const before = (await labels(demo)).length;
    await scanLikeAScanner(page, 'SPLIT-3001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result).toContainText('3 of 3 shipments');
    await expect(result.getByText(/^Shipment /)).toHaveCount(3);
    await expect.poll(async () => (await labels(demo)).length).toBe(before + 3);
    const jobs = await demo.call<JobView[]>('listJobs');
    expect(jobs.find((j) => j.scan === 'SPLIT-3001')?.source).toBe('prepared');
    await saveScreen(page, 'scan-checkout-split-order');

    // Past the scanner's repeat window (2 s by default), the same code is a new scan, not a bounce.
    await page.waitForTimeout(2100);
    await scanLikeAScanner(page, 'SPLIT-3001');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText(/already booked/i);
    expect((await labels(demo)).length).toBe(before + 3);
  });

  test('a validation error says what is wrong, field by field', async ({ page, demo }) => {
    await page.goto(demo.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.type('ORD-1900', { delay: 8 });
    await page.keyboard.press('Enter');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText(/zip|postal|postnummer/i);
    await saveScreen(page, 'scan-failed-validation');
  });
});
