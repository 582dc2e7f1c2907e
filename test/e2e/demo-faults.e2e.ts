import { expect, test } from './demo-host';
import { labels, scanLikeAScanner } from './helpers';
import { catalogues, COMBOS, prepare } from './glance';

/**
 * Issue 29, point 10: demo faults on a switch. The Demo mode chip offers the virtual label printer offline, out of
 * paper and head open; the station says so at once, a scan's label waits, and it prints once the printer works.
 */

// One parcel, so one label, each: a combination of its own on the file's one demo host.
const ORDERS = ['ORD-1003', 'ORD-1005', 'ORD-1006', 'SO-2001'];

for (const [index, { size, language, name }] of COMBOS.entries()) {
  const words = catalogues[language];

  test(`${name}: out of paper, head open and offline from the Demo mode chip; the label waits, then prints`, async ({
    page,
    demo,
  }) => {
    await prepare(page, size, language, demo.call);
    await demo.call('setDemoPrinterFault', { fault: 'none' });
    await page.goto(demo.openUrl);
    const panel = page.getByTestId('last-result');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    const printedBefore = (await labels(demo)).length;

    const chip = page.getByTestId('demo-chip');
    await chip.click();
    const faults = page.getByRole('dialog', { name: words.demoFaults.title });
    await expect(faults).toBeInViewport({ ratio: 1 });
    const labelPrinter = page.getByTestId('status-bar').locator('[data-printer-id="label"]');

    await faults.getByRole('button', { name: words.demoFaults.fault.paper_out }).click();
    await expect(chip).toContainText(words.demoFaults.fault.paper_out);
    await expect(labelPrinter).toHaveAttribute('data-printer-state', 'error');
    await expect(labelPrinter).toContainText(words.printerProblem.paper_out);
    await expect(panel).toHaveAttribute('data-problem', 'label_printer_error');

    await faults.getByRole('button', { name: words.demoFaults.fault.head_open }).click();
    await expect(labelPrinter).toContainText(words.printerProblem.head_open);

    await faults.getByRole('button', { name: words.demoFaults.fault.offline }).click();
    await expect(labelPrinter).toHaveAttribute('data-printer-state', 'offline');
    await expect(panel).toHaveAttribute('data-problem', 'label_printer_offline');
    await page.keyboard.press('Escape');
    await expect(faults).toHaveCount(0);

    // A scan now is booked, and its label waits for the printer.
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, ORDERS[index]!);
    await expect(panel).toHaveAttribute('data-waiting', 'printer');
    expect((await labels(demo)).length).toBe(printedBefore);

    await chip.click();
    await faults.getByRole('button', { name: words.demoFaults.fault.none }).click();
    await expect(panel).toHaveAttribute('data-state', 'printed');
    await expect.poll(async () => (await labels(demo)).length).toBe(printedBefore + 1);
    await expect(chip).toHaveText(words.status.demo);
  });
}
