import { expect, test } from './demo-host';
import { openStation, saveScreen, scanLikeAScanner } from './helpers';
import type { JobView, ManifestView } from '../../preload/api';

async function manifestJobs(demo: {
  call<T>(name: string, input?: unknown): Promise<T>;
}): Promise<JobView[]> {
  return (await demo.call<JobView[]>('listJobs')).filter((job) => job.kind === 'manifest');
}

test.describe('end of day: the manifest', () => {
  test('after two scans the packer creates the manifest, sees it listed with its shipment count, and reprints it', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const result = page.getByTestId('last-result');
    for (const code of ['ORD-1001', 'ORD-1006']) {
      await scanLikeAScanner(page, code);
      await expect(result).toContainText(code);
      await expect(result).toHaveAttribute('data-state', 'printed');
    }

    await page.keyboard.press('F4');
    await expect(page.getByRole('heading', { name: 'End of day' })).toBeVisible();
    await expect(page.getByText('No manifests in this period.')).toBeVisible();
    await page.getByRole('button', { name: 'Create manifest: PNL' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(page.getByTestId('job-outcome')).toHaveText(/^Printed: /);

    // The manifest job prints its PDF on the document printer.
    await expect.poll(async () => (await manifestJobs(demo)).map((job) => job.state)).toEqual(['printed']);
    const [job] = await manifestJobs(demo);
    const documents = job!.shipments.flatMap((shipment) => shipment.documents);
    expect(documents.map((d) => [d.kind, d.format, d.state, d.printerId])).toEqual([
      ['manifest', 'pdf', 'printed', 'documents'],
    ]);

    // Listed with today's PostNord shipments: the two scanned now and ORD-1500, booked earlier today.
    const [manifest] = await demo.call<ManifestView[]>('listManifests');
    const list = page.getByRole('table', { name: 'Manifests' });
    const row = list.getByRole('row').filter({ hasText: manifest!.manifestId });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText('PNL');
    expect(manifest!.shipmentCount).toBe(3);
    await expect(row.getByRole('cell').nth(3)).toHaveText('3');
    await saveScreen(page, 'manifest-listed');

    await row.getByRole('button', { name: 'Reprint' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(page.getByTestId('job-outcome')).toHaveText(/^Printed: /);
    await expect
      .poll(async () => (await manifestJobs(demo)).map((j) => j.state))
      .toEqual(['printed', 'printed']);

    // The Jobs screen shows both manifest jobs as printed.
    await page.keyboard.press('F2');
    const manifestRows = page
      .getByRole('table', { name: 'Jobs' })
      .getByRole('row')
      .filter({ hasText: 'Manifest' });
    await expect(manifestRows).toHaveCount(2);
    await expect(manifestRows.filter({ hasText: 'Printed' })).toHaveCount(2);
  });
});
