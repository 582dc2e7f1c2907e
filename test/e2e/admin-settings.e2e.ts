import type { Locator, Page } from '@playwright/test';
import { expect, test } from './demo-host';
import {
  labels,
  openStation,
  saveScreen,
  saveSettingsBar,
  scanLikeAScanner,
  settingsSection,
} from './helpers';

/** Back to the Scan screen and a scan, as the packer would; returns the result panel. */
async function scanOnScanScreen(page: Page, code: string): Promise<Locator> {
  await page.keyboard.press('F1');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scanLikeAScanner(page, code);
  const result = page.getByTestId('last-result');
  await expect(result).toContainText(code);
  return result;
}

test.describe("the admin's settings apply at once, without a restart", () => {
  test('scan lookup: a source taken out is not asked until it is put back; an empty list is refused under it', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    let lookup = await settingsSection(page, 'Scan lookup');
    const sources = lookup.getByRole('group', { name: 'Look up scans in' });
    await expect(sources.locator('li')).toHaveText([
      /Open orders/,
      /Stored shipments/,
      /Web shop orders in nShift Checkout/,
      /already booked/,
    ]);

    // Nothing to look in is not a setting: the schema's verdict shows under the list, nothing is saved.
    for (const name of [
      'Open orders in nShift',
      'Stored shipments in nShift',
      /Web shop orders/,
      /already booked/,
    ])
      await sources.getByRole('checkbox', { name }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(sources.locator('.field-error')).toHaveText(
      'Choose at least one place to look up scans in.',
    );
    await saveScreen(page, 'settings-scan-lookup-refused');

    await sources.getByRole('checkbox', { name: 'Stored shipments in nShift' }).check();
    await sources.getByRole('checkbox', { name: /already booked/ }).check();
    await sources.getByRole('button', { name: 'Move Open orders in nShift down' }).click();
    await expect(sources.locator('li')).toHaveText([
      /Stored shipments/,
      /Open orders/,
      /Web shop orders/,
      /already booked/,
    ]);
    await saveSettingsBar(page);

    const refused = await scanOnScanScreen(page, 'ORD-1002');
    await expect(refused).toHaveAttribute('data-state', 'failed');
    // Demo mode has Checkout credentials, so the answer also says what Checkout knows of the code.
    await expect(refused).toContainText(/Nothing in nShift( Delivery)? matches this code/);

    lookup = await settingsSection(page, 'Scan lookup');
    await lookup.getByRole('checkbox', { name: 'Open orders in nShift' }).check();
    await saveSettingsBar(page);
    // Another order: the same code again within seconds would be dropped as a scanner's repeat.
    const booked = await scanOnScanScreen(page, 'ORD-1006');
    await expect(booked).toHaveAttribute('data-state', 'printed');
  });

  test('consolidation key: a stored shipment booked after it is saved joins that consolidated shipment; emptied, the next books alone', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    let consolidation = await settingsSection(page, 'Consolidation');
    await consolidation.getByLabel('Consolidation key').fill('DOCK-E2E');
    await saveSettingsBar(page);

    await expect(await scanOnScanScreen(page, 'SO-2001')).toHaveAttribute('data-state', 'printed');
    await page.keyboard.press('F3');
    const open = page.getByRole('table', { name: 'Open consolidated shipments' });
    const dock = open.getByRole('row').filter({ hasText: 'DOCK-E2E' });
    await expect(dock).toContainText('SO-2001');

    consolidation = await settingsSection(page, 'Consolidation');
    await consolidation.getByLabel('Consolidation key').fill('');
    await saveSettingsBar(page);
    await expect(await scanOnScanScreen(page, 'SO-2003')).toHaveAttribute('data-state', 'printed');
    await page.keyboard.press('F3');
    await expect(dock).toContainText('SO-2001');
    await expect(open).not.toContainText('SO-2003');
  });

  test('a refused value is explained under its field in the admin’s language, and nothing is saved', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await settingsSection(page, 'Language');
    await page.getByRole('region', { name: 'Language' }).getByLabel('Language').selectOption('sv');
    await page
      .getByRole('navigation', { name: 'Inställningarnas delar' })
      .getByRole('button', { name: 'Etiketter som väntar på en skrivare' })
      .click();
    const hold = page.getByRole('region', { name: 'Etiketter som väntar på en skrivare' });
    const minutes = hold.getByLabel('Håll kvar en väntande etikett efter (minuter)');
    await minutes.fill('0');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    await expect(hold.locator('.field-error')).toHaveText('För litet eller för kort: minst 0,05.');
    await saveScreen(page, 'settings-hold-refused-sv');
    expect((await demo.call<{ spool: { ttlMinutes: number } }>('getSettings')).spool.ttlMinutes).toBe(10);
    await page
      .getByRole('navigation', { name: 'Inställningarnas delar' })
      .getByRole('button', { name: 'Språk' })
      .click();
    await page.getByRole('region', { name: 'Språk' }).getByLabel('Språk').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('Settings shows the printers and routing in force, marked where demo mode sets them, and saves none of them', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const printers = await settingsSection(page, 'Printers');
    const demoZebra = printers.locator('li[data-printer-id="label"]');
    await expect(demoZebra.getByTestId('printer-source')).toHaveAttribute('data-source', 'demo');
    await expect(demoZebra.getByTestId('printer-source')).toContainText('Set by demo mode; not saved.');
    await expect(demoZebra.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const routing = await settingsSection(page, 'Routing');
    await expect(routing.getByTestId('label-printer-source')).toHaveAttribute('data-source', 'demo');
    await expect(routing.getByTestId('label-printer-source')).toContainText('In use for this run:');
    await routing.scrollIntoViewIfNeeded();
    await saveScreen(page, 'settings-in-force-demo');

    const saved = await demo.call<{
      printers: Array<{ id: string }>;
      inForce: { printers: Array<{ value: { id: string } }> };
    }>('getSettings');
    expect(saved.printers.map((p) => p.id)).not.toContain('label');
    expect(saved.inForce.printers.map((p) => p.value.id)).toContain('label');
  });

  test('hold time: a label waiting for an offline printer is held once the shorter hold time is saved', async ({
    page,
    demo,
  }) => {
    await demo.call('_demo/printer/offline');
    const printedBefore = (await labels(demo)).length;
    await openStation(page, demo);
    const result = await scanOnScanScreen(page, 'ORD-1005');
    const labelPrinter = page.getByTestId('status-bar').locator('[data-printer-id="label"]');
    await expect(labelPrinter).toContainText('1 waiting');
    await expect(result).not.toHaveAttribute('data-state', 'held');

    const hold = await settingsSection(page, 'Labels waiting for a printer');
    const minutes = hold.getByLabel('Hold a waiting label after (minutes)');
    await expect(minutes).toHaveValue('10');
    await minutes.fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    await expect(hold.locator('.field-error')).toHaveText('Too small or too short: at least 0.05.');

    // 0.05 minutes = 3 s: the waiting label is already older, so it is held at the spool's next look.
    await minutes.fill('0.05');
    await saveSettingsBar(page);
    await expect(minutes).not.toHaveAttribute('aria-invalid');
    await page.keyboard.press('F1');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'held', { timeout: 20_000 });
    await expect(page.getByTestId('last-result')).toContainText('ORD-1005');
    expect(await labels(demo)).toHaveLength(printedBefore);
    await demo.call('_demo/printer/online');
  });
});
