import { expect, test } from './demo-host';
import { openStation, saveScreen, scanAndWait, scanLikeAScanner } from './helpers';
import type { ShipmentSummary } from '../../preload/api';

test.describe('cancel a shipment', () => {
  test('scan an order, look its parcel up on the Cancel screen, confirm, and it is cancelled', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1004');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
    const [job] =
      await demo.call<{ scan: string; shipments: { shipmentId: string; parcelNos: string[] }[] }[]>(
        'listJobs',
      );
    const parcelNo = job!.shipments[0]!.parcelNos[0]!;
    // The Cancel screen names the shipment by nShift's shipment number, which the order booking did not return.
    const { shipmentNo } = await demo.call<ShipmentSummary>('lookupShipment', { code: parcelNo });
    expect(shipmentNo).toBeTruthy();

    await page.keyboard.press('F5');
    await expect(page.getByRole('heading', { name: 'Cancel a shipment' })).toBeVisible();
    await expect(page.getByLabel('Shipment, parcel or order number')).toBeFocused();
    // The packer scans the parcel's barcode into the lookup field.
    await scanLikeAScanner(page, parcelNo);

    const shipment = page.getByTestId('cancel-shipment');
    await expect(shipment).toContainText(parcelNo);
    await expect(shipment).toContainText('ORD-1004');
    await expect(shipment).toContainText('Jürgen Müller');
    await expect(page.getByTestId('shipment-status')).not.toHaveText(/cancelled/i);
    await expect(shipment).not.toContainText('Handed over to carrier');

    // The next step has focus: Enter starts the cancel, and the confirmation focuses "keep it".
    const start = shipment.getByRole('button', { name: 'Cancel this shipment' });
    await expect(start).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Cancel shipment ${shipmentNo}?`);
    await expect(confirm.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await expect(page.getByTestId('penalty-warning')).toHaveCount(0);
    await saveScreen(page, 'cancel-confirm');
    await confirm.getByRole('button', { name: 'Yes, cancel the shipment' }).click();

    const result = page.getByTestId('cancel-result');
    await expect(result).toContainText(`Shipment ${shipmentNo} is cancelled.`);
    await saveScreen(page, 'cancel-cancelled');
    const after = await demo.call<ShipmentSummary>('lookupShipment', { code: parcelNo });
    expect(after.status.toLowerCase()).toBe('cancelled');
  });

  test('a shipment the carrier already has shows the penalty warning before the packer confirms', async ({
    page,
    demo,
  }) => {
    const job = await scanAndWait(demo, 'ORD-1005');
    const shipmentId = job.shipments[0]!.shipmentId;
    await demo.sim(`/_sim/shipments/${shipmentId}/hand-over`);

    await openStation(page, demo);
    await page.keyboard.press('F5');
    await expect(page.getByLabel('Shipment, parcel or order number')).toBeFocused();
    await scanLikeAScanner(page, job.shipments[0]!.parcelNos[0]!);

    const shipment = page.getByTestId('cancel-shipment');
    await expect(shipment).toContainText('Märta Ängström');
    await expect(page.getByTestId('shipment-status')).toHaveText(/in.transit/i);
    await expect(shipment.getByRole('note')).toHaveText('Handed over to carrier');
    await page.keyboard.press('Enter');
    const warning = page.getByTestId('penalty-warning');
    await expect(warning).toHaveText(
      'The carrier already has this shipment. Cancelling now may cost a carrier penalty.',
    );
    await saveScreen(page, 'cancel-handed-over-warning');

    // Esc backs out: nothing is cancelled.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(shipment.getByRole('button', { name: 'Cancel this shipment' })).toBeFocused();
    const still = await demo.call<ShipmentSummary>('lookupShipment', {
      code: job.shipments[0]!.parcelNos[0]!,
    });
    expect(still.status.toLowerCase()).not.toBe('cancelled');
    expect(still.handedOver).toBe(true);
  });
});
