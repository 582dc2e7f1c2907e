import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, scanLikeAScanner } from './helpers';
import type { JobView } from '../../preload/api';

test.describe('stored & consolidated shipments', () => {
  test('the READY stored shipments and the open consolidated shipment are listed; booking one prints it and takes it off the list', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    await expect(page.getByRole('heading', { name: 'Stored shipments' })).toBeVisible();

    const stored = page.getByRole('table', { name: 'Stored shipments' });
    const rows = stored.getByRole('row');
    await expect(rows.filter({ hasText: 'SO-2001' })).toContainText('Björn Ståhl');
    await expect(rows.filter({ hasText: 'SO-2002' })).toContainText('Åsa Öberg');
    await expect(rows.filter({ hasText: 'SO-2003' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'SPLIT-3002' })).toHaveCount(3);
    await expect(rows.filter({ hasText: 'READY' })).toHaveCount(6);
    // INVALID ones are not ready to book, so not offered.
    await expect(rows.filter({ hasText: 'SO-2900' })).toHaveCount(0);
    const consolidated = page.getByRole('table', { name: 'Open consolidated shipments' });
    await expect(consolidated.getByRole('row').filter({ hasText: 'KONS-4001' })).toHaveCount(1);
    await saveScreen(page, 'stored-list');

    await stored.getByRole('button', { name: 'SO-2001' }).click();
    await page.getByTestId('stored-details').getByRole('button', { name: 'Book and print' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(page.getByTestId('job-outcome')).toHaveText(/^Printed: /);
    // Booked: it leaves the READY list, and its label reaches the Zebra ("Björn Ståhl" in cp850).
    await expect(rows.filter({ hasText: 'SO-2001' })).toHaveCount(0);
    await expect.poll(async () => (await labels(demo)).length).toBe(1);
    expect((await labels(demo))[0]).toContain('Bj\x94rn St\x86hl');
    await expect
      .poll(async () =>
        (await demo.call<JobView[]>('listJobs')).filter((j) => j.kind === 'book_stored').map((j) => j.state),
      )
      .toEqual(['printed']);
    await saveScreen(page, 'stored-booked');
  });

  test('a scan on this screen filters by order number: the split order shows its three stored shipments', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    const rows = page.getByRole('table', { name: 'Stored shipments' }).getByRole('row');
    await expect(rows.filter({ hasText: 'SO-2002' })).toHaveCount(1);
    await page.getByLabel('Order number').focus();
    await scanLikeAScanner(page, 'SPLIT-3002');
    await expect(rows.filter({ hasText: 'SO-2002' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'SPLIT-3002' })).toHaveCount(3);
    await expect(page.getByLabel('Order number')).toHaveValue('SPLIT-3002');
    await saveScreen(page, 'stored-filtered-split');
  });

  test('scanning a split order books every one of its stored shipments: 3 of 3, a label each', async ({
    page,
    demo,
  }) => {
    const before = (await labels(demo)).length;
    await openStation(page, demo);
    await scanLikeAScanner(page, 'SPLIT-3002');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result).toContainText('3 of 3 shipments');
    await expect(result.getByText(/^Shipment /)).toHaveCount(3);
    await expect.poll(async () => (await labels(demo)).length).toBe(before + 3);
    await saveScreen(page, 'scan-split-order');
  });

  test('closing the open consolidated shipment prints its waybill on the document printer; Jobs names it by its key', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    const consolidated = page.getByRole('table', { name: 'Open consolidated shipments' });
    await consolidated.getByRole('button', { name: 'KONS-4001' }).click();
    await page.getByTestId('consolidated-details').getByRole('button', { name: 'Close and send' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, close and send' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(page.getByTestId('job-outcome')).toHaveText(/^Printed: /);
    await expect
      .poll(async () =>
        (await demo.call<JobView[]>('listJobs'))
          .filter((j) => j.kind === 'consolidated_close')
          .map((j) => j.state),
      )
      .toEqual(['printed']);
    const [job] = (await demo.call<JobView[]>('listJobs')).filter((j) => j.kind === 'consolidated_close');
    const documents = job!.shipments.flatMap((shipment) => shipment.documents);
    expect(documents.map((d) => [d.kind, d.format, d.printerId])).toContainEqual([
      'waybill',
      'pdf',
      'documents',
    ]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('No open consolidated shipments.')).toBeVisible();

    // The packer knows the cage by its key, not by nShift's id for it: the id stays beside it in the details.
    expect(job!.scan).not.toBe('KONS-4001');
    await page.keyboard.press('F2');
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await expect(jobs.getByRole('button', { name: 'KONS-4001' })).toHaveCount(1);
    await expect(jobs.getByRole('button', { name: job!.scan })).toHaveCount(0);
    await jobs.getByRole('button', { name: 'KONS-4001' }).click();
    await expect(page.getByTestId('job-consolidated-id')).toHaveText(`Consolidated shipment id ${job!.scan}`);
  });
});
