import type { Page } from '@playwright/test';
import type { ShipmentSummary } from '../../preload/api';
import { expect, test } from './demo-host';
import { openStation, scanAndWait, scanLikeAScanner } from './helpers';

/**
 * A packer keying a worn barcode by hand: far slower than a scanner's burst, so only the focused field gets
 * the keys. Wherever the focus is not in the screen's field, these keys do nothing.
 */
async function typeByHand(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 180 });
}

test.describe('the keyboard is in the screen’s scan or look-up field, on arrival and after every action', () => {
  test('on arrival: each screen’s field; Jobs its selected job; and what is typed by hand lands there', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');

    await page.keyboard.press('F3');
    await expect(page.getByLabel('Order number')).toBeFocused();
    await typeByHand(page, 'SO-2');
    await expect(page.getByLabel('Order number')).toHaveValue('SO-2');

    await page.keyboard.press('F5');
    await expect(page.getByLabel('Shipment, parcel or order number')).toBeFocused();

    await page.keyboard.press('F8');
    await expect(page.getByLabel('Order reference')).toBeFocused();
    await typeByHand(page, 'WEB');
    await expect(page.getByLabel('Order reference')).toHaveValue('WEB');

    await page.keyboard.press('F7');
    await expect(page.getByTestId('history-value')).toBeFocused();

    // Jobs has no field: its list is what the packer works (arrows walk it), so the selected job has the keyboard.
    await page.keyboard.press('F2');
    const selected = page.getByRole('table', { name: 'Jobs' }).locator('button[aria-pressed="true"]');
    await expect(selected).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(selected).toBeFocused();

    // By the nav too, not only by its key.
    await page.getByTestId('nav-stored').click();
    await expect(page.getByLabel('Order number')).toBeFocused();

    await page.keyboard.press('F1');
    await expect(page.getByTestId('scan-input')).toBeFocused();
  });

  test('a scan with the key sheet open closes it: the result is seen, and the keyboard is back in the scan field', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F9');
    const sheet = page.getByTestId('key-sheet');
    await expect(sheet.getByRole('button', { name: 'Close (Esc)' })).toBeFocused();
    await scanLikeAScanner(page, 'ORD-1900');
    await expect(sheet).toHaveCount(0);
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toBeInViewport();
    await expect(page.getByTestId('scan-input')).toBeFocused();
  });

  test('a scan with the key sheet opened by its button closes it and leaves the keyboard in the scan field, not on the button', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.getByTestId('status-bar').getByRole('button', { name: /Keys/ }).click();
    const sheet = page.getByTestId('key-sheet');
    await expect(sheet).toBeVisible();
    await scanLikeAScanner(page, 'ORD-1900');
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('scan-input')).toBeFocused();
  });

  test('the key sheet opened by its button and closed with Esc gives the keyboard back to the button', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const keys = page.getByTestId('status-bar').getByRole('button', { name: /Keys/ });
    await keys.click();
    await expect(page.getByTestId('key-sheet')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('key-sheet')).toHaveCount(0);
    await expect(keys).toBeFocused();
  });

  test('Scan: "Book and print" clicked, with the field empty or not, leaves the keyboard in the field', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const field = page.getByTestId('scan-input');
    const submit = page.getByRole('button', { name: 'Book and print' });
    await submit.click();
    await expect(field).toBeFocused();

    await typeByHand(page, 'ORD-1002');
    await submit.click();
    await expect(page.getByTestId('last-result')).toContainText('ORD-1002');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
  });

  test('Cancel: after "Yes, cancel the shipment" the look-up field has the keyboard, and a code typed by hand replaces the last', async ({
    page,
    demo,
  }) => {
    const job = await scanAndWait(demo, 'ORD-1004');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    const { shipmentNo } = await demo.call<ShipmentSummary>('lookupShipment', { code: parcelNo });
    await openStation(page, demo);
    await page.keyboard.press('F5');
    const field = page.getByLabel('Shipment, parcel or order number');
    await scanLikeAScanner(page, parcelNo);

    // Esc on the question still gives the focus back to the button that asked.
    const start = page.getByRole('button', { name: 'Cancel this shipment' });
    await expect(start).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(start).toBeFocused();

    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, cancel the shipment' }).click();
    await expect(page.getByTestId('cancel-result')).toContainText(`Shipment ${shipmentNo} is cancelled.`);
    await expect(field).toBeFocused();
    await typeByHand(page, 'ORD-1');
    await expect(field).toHaveValue('ORD-1');
  });

  test('Stored: after "Book and print", a confirmed "Close and send" and a confirmed delete the field has the keyboard; Esc on the delete question goes back to Delete', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F3');
    const field = page.getByLabel('Order number');
    const stored = page.getByRole('table', { name: 'Stored shipments' });
    const outcome = page.getByTestId('job-outcome');

    // A row is picked by its order number; its actions are in the pane beside the list.
    const details = page.getByTestId('stored-details');
    await stored.getByRole('button', { name: 'SO-2001' }).click();
    await details.getByRole('button', { name: 'Book and print' }).click();
    await expect(outcome).toHaveAttribute('data-job-state', 'printed');
    await expect(field).toBeFocused();
    await typeByHand(page, 'SO-2002');
    await expect(field).toHaveValue('SO-2002');

    await stored.getByRole('button', { name: 'SO-2003' }).click();
    const remove = details.getByRole('button', { name: 'Delete' });
    await remove.click();
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(remove).toBeFocused();
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(field).toBeFocused();

    const consolidated = page.getByRole('table', { name: 'Open consolidated shipments' });
    await consolidated.getByRole('button', { name: 'KONS-4001' }).click();
    await page.getByTestId('consolidated-details').getByRole('button', { name: 'Close and send' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, close and send' }).click();
    await expect(outcome).toHaveAttribute('data-job-state', 'printed');
    await expect(field).toBeFocused();
  });

  test('Checkout: "Scan or type an order reference" — the field is ready, and stays so after a search', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('F8');
    const field = page.getByLabel('Order reference');
    await expect(field).toBeFocused();
    await typeByHand(page, 'SPLIT-3001');
    await page.getByRole('button', { name: 'Find by order' }).click();
    await expect(page.getByTestId('partial-shipment')).toHaveCount(3);
    await expect(field).toBeFocused();
  });
});
