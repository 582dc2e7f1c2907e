import { expect, test } from './demo-host';
import { openStation, saveScreen, scanLikeAScanner } from './helpers';

test.describe("end of day: what the manifest holds, and today's shipments in none", () => {
  test('a parcel packed after the manifest is flagged, and a manifest shows its shipments, filtered by number', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const result = page.getByTestId('last-result');
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(result).toHaveAttribute('data-state', 'printed');

    // Before any manifest: every shipment of the day is in none (ORD-1500 was booked earlier today).
    await page.keyboard.press('F4');
    const none = page.getByTestId('unmanifested');
    await expect(none.getByRole('status')).toHaveText(
      '2 shipments booked today; no manifest yet. Create the manifest before the carrier comes.',
    );
    const waiting = none.getByRole('table', { name: 'Today’s shipments in no manifest' });
    await expect(waiting.getByRole('row')).toHaveCount(3);
    await expect(waiting).toContainText('ORD-1001');
    await expect(waiting).toContainText('ORD-1500');

    await page.getByRole('button', { name: 'Create manifest: PNL' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(none.getByRole('status')).toHaveText('Every shipment booked today is in a manifest.');
    await expect(none.getByRole('table')).toHaveCount(0);

    // The classic mistake: one more parcel packed after the manifest was printed.
    await page.keyboard.press('F1');
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await scanLikeAScanner(page, 'ORD-1003');
    await expect(result).toContainText('ORD-1003');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await page.keyboard.press('F4');
    await expect(none.getByRole('status')).toHaveText(
      '1 shipment was booked after today’s manifest and is in none: create the manifest again before the carrier comes, or it stays behind. The new manifest holds only this one; the earlier manifest stays as it is.',
    );
    await expect(none.getByRole('status')).toHaveClass(/alert-warn/);
    const late = none.getByRole('table', { name: 'Today’s shipments in no manifest' });
    await expect(late.getByRole('row')).toHaveCount(2);
    await expect(late).toContainText('ORD-1003');
    await saveScreen(page, 'manifest-unmanifested');

    // The manifest's own list: what it holds, before it is printed again.
    const manifests = page.getByRole('table', { name: 'Manifests' });
    await manifests.getByRole('button', { name: 'Shipments' }).click();
    const contents = page.getByTestId('manifest-shipments');
    const held = contents.getByRole('table');
    await expect(held.getByRole('row')).toHaveCount(3);
    await expect(held).toContainText('ORD-1001');
    await expect(held).toContainText('ORD-1500');
    await expect(held).not.toContainText('ORD-1003');

    await contents.getByLabel('Search by').selectOption('orderNo');
    await contents.getByLabel('Number (or part of it)').fill('1500');
    await contents.getByLabel('Number (or part of it)').press('Enter');
    await expect(held.getByRole('row')).toHaveCount(2);
    await expect(held).toContainText('ORD-1500');
    await contents.getByLabel('Number (or part of it)').fill('1003');
    await contents.getByRole('button', { name: 'Filter' }).click();
    await expect(contents.getByText('No shipment in this manifest matches.')).toBeVisible();
    await saveScreen(page, 'manifest-shipments');

    // Made again, as the warning says: the new manifest takes only the late parcel; the first one keeps its two.
    await page.getByRole('button', { name: 'Create manifest: PNL' }).click();
    await expect(page.getByTestId('job-outcome')).toHaveAttribute('data-job-state', 'printed');
    await expect(none.getByRole('status')).toHaveText('Every shipment booked today is in a manifest.');
    await expect(manifests.getByRole('row')).toHaveCount(3);
    const second = manifests
      .getByRole('row')
      .filter({ has: page.locator('td:nth-child(4)', { hasText: /^1$/ }) });
    await expect(second).toHaveCount(1);
    await second.getByRole('button', { name: 'Shipments' }).click();
    const secondHeld = page.getByTestId('manifest-shipments').getByRole('table');
    await expect(secondHeld.getByRole('row')).toHaveCount(2);
    await expect(secondHeld).toContainText('ORD-1003');
    await expect(secondHeld).not.toContainText('ORD-1001');
    await expect(
      manifests.getByRole('row').filter({ has: page.locator('td:nth-child(4)', { hasText: /^2$/ }) }),
    ).toHaveCount(1);
  });
});
