import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, scanLikeAScanner } from './helpers';

test.describe('printer offline → held → released', () => {
  test('a label waits while the printer is offline, is held once too old, and prints exactly once when the packer releases it', async ({
    page,
    demo,
  }) => {
    // 0.1 min = 6 s: a label older than that is held for the packer instead of printing unasked.
    await demo.call('saveSettings', { spool: { ttlMinutes: 0.1 } });
    await demo.call('_demo/printer/offline');
    await openStation(page, demo);

    await scanLikeAScanner(page, 'ORD-1003');

    // While the printer is away the label waits in the queue, and the status bar says so.
    const labelPrinter = page.getByTestId('status-bar').locator('[data-printer-id="label"]');
    await expect(labelPrinter).toHaveAttribute('data-printer-state', 'offline');
    await expect(labelPrinter).toContainText('Offline');
    await expect(labelPrinter).toContainText('not reachable');
    await expect(labelPrinter).toContainText('1 waiting');
    await saveScreen(page, 'scan-printer-offline');

    // Past the TTL it is held: the packer has to say when.
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'held', { timeout: 20_000 });
    await expect(result).toContainText('Held: waiting for you');
    await expect(result).toContainText('ORD-1003');
    await expect(result.getByRole('button', { name: 'Release held labels' })).toBeVisible();
    await saveScreen(page, 'scan-held');
    expect(await labels(demo)).toEqual([]);

    await demo.call('_demo/printer/online');

    // The Jobs screen (F2) lists the held label in the print queue, with the reason.
    await page.keyboard.press('F2');
    await expect(page.getByRole('heading', { name: 'Jobs today' })).toBeVisible();
    const queue = page.getByRole('table', { name: 'Print queue' });
    const heldRow = queue.getByRole('row').filter({ hasText: 'Held because too old to print unasked.' });
    await expect(heldRow).toHaveCount(1);
    await expect(heldRow).toContainText('Held');
    await saveScreen(page, 'jobs-held');

    // Release from the keyboard: focus the row's Release button and press Enter, as a packer tabbing through.
    const release = heldRow.getByRole('button', { name: 'Release' });
    await release.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Done: Release.')).toBeVisible();
    await expect(page.getByText('The print queue is empty.')).toBeVisible();
    await expect(page.getByTestId('job-details')).toContainText('Printed');

    // The virtual Zebra got ORD-1003's label exactly once (one ^XA…^XZ per parcel: ORD-1003 has one).
    await expect.poll(async () => (await labels(demo)).length).toBe(1);
    const [label] = await labels(demo);
    expect(label).toContain('S\x9bren Kj\x91r'); // "Søren Kjær" in cp850
    await expect(labelPrinter).toHaveAttribute('data-printer-state', 'ready');

    // Back on the Scan screen the result has caught up.
    await page.keyboard.press('F1');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
    expect(await labels(demo)).toHaveLength(1);
  });

  test('a held label can also be released right from the Scan screen', async ({ page, demo }) => {
    // The TTL from the first test still holds (same demo host): 6 s.
    await demo.call('_demo/printer/offline');
    const before = (await labels(demo)).length;
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1005');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'held', { timeout: 20_000 });
    await demo.call('_demo/printer/online');

    await result.getByRole('button', { name: 'Release held labels' }).click();
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await expect.poll(async () => (await labels(demo)).length).toBe(before + 1);
    expect((await labels(demo))[before]).toContain('M\x84rta \x8engstr\x94m'); // "Märta Ängström" in cp850
  });
});
