import { readFile } from 'node:fs/promises';
import { expect, test } from './demo-host';
import { openStation, saveScreen, scanAndWait, scanLikeAScanner, settingsSection } from './helpers';
import type { DemoHost } from './demo-host';

/** What the demo's nShift Delivery answers for a prepared shipment (its API, with the demo's key). */
async function preparedShipmentStatus(demo: DemoHost, prepareId: string): Promise<number> {
  const api = `${demo.simulatorUrl}/rs-extapi/v1`;
  const basic = Buffer.from('demo:demo-secret').toString('base64');
  const { token } = (await (
    await fetch(`${api}/sessions/jwt`, { headers: { authorization: `Basic ${basic}` } })
  ).json()) as { token: string };
  const res = await fetch(`${api}/prepared-shipments/${prepareId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

/** YYYY-MM-DD of the machine's local day, shifted by `days` (the browser runs on the same machine). */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test.describe('nShift Checkout screen (demo: the split orders were made through the simulated Checkout)', () => {
  test('F8 opens it; a scanned order reference lists each sub-shipment with its chosen option and its prepared shipment', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await expect(page.getByTestId('nav-checkout')).toHaveAttribute('aria-keyshortcuts', 'F8 Alt+8');
    await page.keyboard.press('F8');
    await expect(page.getByRole('heading', { name: 'nShift Checkout', level: 1 })).toBeVisible();
    await expect(page.getByTestId('checkout-not-configured')).toHaveCount(0); // the demo has credentials

    await scanLikeAScanner(page, 'SPLIT-3001');
    await expect(page.getByLabel('Order reference')).toHaveValue('SPLIT-3001');
    const table = page.getByTestId('checkout-results');
    await expect(table.getByRole('rowheader')).toHaveText(['Order SPLIT-3001: 3 partial shipments']);
    const rows = table.getByTestId('partial-shipment');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'P15' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'P19' })).toHaveCount(2);
    await expect(rows.filter({ hasText: /Prepared shipment ps-\d+/ })).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Pickup point: PostNord MyPack Collect pickup point' })).toHaveCount(
      2,
    );
    await expect(rows.first()).toContainText('Märta Ängström');
    await saveScreen(page, 'checkout-split-order');

    // By creation date (keyboard only): the order still in Checkout only shows as not yet in Delivery, the one
    // the shop turned into stored shipments as stored.
    await page.getByLabel('Created from').fill(day(-1));
    await page.getByLabel('Created to').fill(day(1));
    await page.getByLabel('Created to').press('Enter');
    // Newest first: WEB-5002 was checked out after the split orders.
    await expect(table.getByRole('rowheader')).toHaveText([
      'Order WEB-5002: 1 partial shipment',
      /^Order SPLIT-3002: 3 /,
      /^Order SPLIT-3001: 3 /,
    ]);
    await expect(table.locator('tbody[data-order-no="WEB-5002"]')).toContainText('Not yet in Delivery');
    await expect(
      table.locator('tbody[data-order-no="SPLIT-3002"]').getByTestId('partial-delivery'),
    ).toHaveText(['Stored shipment', 'Stored shipment', 'Stored shipment']);
    // The list is by date now: the order reference it was found by before is out of its field.
    await expect(page.getByLabel('Order reference')).toHaveValue('');
  });

  test('delete (Esc backs out; Delivery keeps its prepared shipment), anonymize one and by name, each after confirming', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await page.keyboard.press('Alt+8');
    await page.getByLabel('Order reference').fill('SPLIT-3001');
    await page.getByLabel('Order reference').press('Enter');
    const rows = page.getByTestId('checkout-results').getByTestId('partial-shipment');
    await expect(rows).toHaveCount(3);

    // Delete and Anonymize are in the pane of the picked row (the first is picked), not on every row.
    const details = page.getByTestId('checkout-details');
    await expect(rows.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('nShift Delivery keeps the prepared shipment made from it');
    await expect(dialog).toContainText('a scan of the order no longer finds it here');
    await saveScreen(page, 'checkout-delete-confirm');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(3);

    const deleted = (await rows.first().getAttribute('data-partial-id'))!;
    await details.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Partial shipment deleted from nShift Checkout.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    // Checkout only: nShift Delivery still holds its prepared shipment (under the partial shipment's id).
    expect(await preparedShipmentStatus(demo, deleted)).toBe(200);

    await rows.first().getByRole('cell').first().getByRole('button').click();
    await details.getByRole('button', { name: 'Anonymize' }).click();
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Anonymize' }).click();
    await expect(page.getByText('Partial shipments anonymized: 1.')).toBeVisible();
    await expect(rows.getByTestId('anonymized')).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Märta Ängström' })).toHaveCount(1);

    // By name: the last SPLIT-3001 sub-shipment, SPLIT-3002's three and WEB-5002 have the same receiver.
    await page.getByLabel('Receiver name').fill('Märta Ängström');
    await page.getByLabel('Receiver name').press('Enter');
    await expect(dialog).toContainText('“Märta Ängström”');
    await dialog.getByRole('button', { name: 'Anonymize' }).click();
    await expect(page.getByText('Partial shipments anonymized: 5.')).toBeVisible();
    await expect(rows.getByTestId('anonymized')).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Märta Ängström' })).toHaveCount(0);
    await saveScreen(page, 'checkout-anonymized');
  });

  test('once the split order is booked from its prepared shipments, each sub-shipment reads booked; Delete names the row as shown', async ({
    page,
    demo,
  }) => {
    // The sub-shipment the earlier test deleted from Checkout is not found by the scan: its two siblings are booked.
    const job = await scanAndWait(demo, 'SPLIT-3001');
    expect(job.state).toBe('printed');
    expect(job.source).toBe('prepared');
    expect(job.shipments).toHaveLength(2);
    await openStation(page, demo);
    await page.keyboard.press('F8');
    await scanLikeAScanner(page, 'SPLIT-3001');
    const rows = page.getByTestId('checkout-results').getByTestId('partial-shipment');
    await expect(rows.first()).toBeVisible();
    // Two booked shipments for two rows: Delivery does not say which is whose, so each reads booked, unnumbered.
    await expect(rows.getByTestId('partial-delivery')).toHaveText(['Booked', 'Booked']);

    // A row shows its sub-shipment as the checkout names it (its session's id for the first): the confirmation
    // names that, not the partial shipment's id, which the screen shows nowhere. (Which sub-shipments are left depends on the earlier test's delete, which takes
    // the first row of a list whose order nShift does not fix: any row that is left serves.)
    const row = rows.first();
    const shownAs = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    expect(shownAs).toMatch(/^(ses|sub)-\d+$/);
    await row.getByRole('button', { name: shownAs }).click();
    await page.getByTestId('checkout-details').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Delete partial shipment ${shownAs} (order SPLIT-3001)`);
    await expect(dialog).toContainText('nShift Delivery keeps the booked shipment');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('exports usage metrics for a date range as a CSV file', async ({ page, demo }) => {
    await openStation(page, demo);
    await page.keyboard.press('F8');
    await page.getByLabel('From', { exact: true }).fill(day(-2));
    await page.getByLabel('To (inclusive)').fill(day(0));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`checkout-usage_${day(-2)}_${day(0)}.csv`);
    const csv = (await readFile(await file.path())).toString('utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('date,tokens,sessions,optionRequests,partialShipments');
    expect(csv.slice(1).map((row) => row.split(',')[0])).toHaveLength(3);
    await expect(page.getByText(`Saved checkout-usage_${day(-2)}_${day(0)}.csv.`)).toBeVisible();
  });

  test('a scan that Delivery does not know is explained by Checkout, in the packer’s language', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await scanLikeAScanner(page, 'WEB-5404');
    const result = page.getByTestId('last-result');
    await expect(result).toContainText('the web shop has not created the shipment yet');
    await scanLikeAScanner(page, 'WEB-5002');
    await expect(result).toContainText(
      'created at checkout (nShift Checkout) but has not reached nShift Delivery',
    );
    await saveScreen(page, 'scan-checkout-not-in-delivery');

    await demo.call('saveSettings', { language: 'sv' });
    await page.goto(demo.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await scanLikeAScanner(page, 'WEB-5404');
    await expect(result).toContainText('webbutiken har inte skapat sändningen än');
    await page.keyboard.press('F8');
    await expect(page.getByRole('heading', { name: 'nShift Checkout', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sök på order' })).toBeVisible();
    await demo.call('saveSettings', { language: 'en' });
  });

  test('Settings: the Checkout client credentials go to the station, the page keeps only a mask, and the next scan uses them', async ({
    page,
    demo,
  }) => {
    const secret = 'e2e-checkout-secret-7f3a';
    await demo.sim('/_sim/checkout/clients', { id: 'bench-e2e', secret });
    await openStation(page, demo);
    const panel = await settingsSection(page, 'nShift Checkout: client credentials');
    await expect(panel.getByTestId('checkout-secret-mask')).toHaveText('Stored secret: ••••••••');
    await panel.getByLabel('Client id').fill('bench-e2e');
    await panel.getByLabel('Client secret').fill(secret);
    await panel.getByLabel('Client secret').press('Enter');
    await expect(page.getByTestId('settings-save-bar').getByText('Settings saved.')).toBeVisible();
    await expect(panel.getByLabel('Client secret')).toHaveValue('');
    await expect(panel.getByLabel('Client id')).toHaveValue('bench-e2e');
    expect(await page.content()).not.toContain(secret);
    expect(JSON.stringify(await demo.call('getSettings'))).not.toContain(secret);
    await saveScreen(page, 'settings-checkout');

    await page.keyboard.press('F1');
    await scanLikeAScanner(page, 'WEB-5404');
    await expect(page.getByTestId('last-result')).toContainText(
      'the web shop has not created the shipment yet',
    );
  });
});
