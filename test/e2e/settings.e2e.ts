import type { Locator, Page } from '@playwright/test';
import { expect, test } from './demo-host';
import { labels, openStation, saveScreen, saveSettingsBar, settingsSection } from './helpers';
import type { JobView, SettingsView } from '../../preload/api';

/** Fills the "New printer" form and saves it. */
async function addPrinter(
  page: Page,
  fields: { kind: string; id: string; name: string } & Record<string, string>,
): Promise<void> {
  const printers = page.getByRole('region', { name: 'Printers' });
  await printers.getByRole('button', { name: 'Add printer' }).click();
  const form = printers.getByRole('group', { name: 'New printer' });
  await form.getByLabel('Connection').selectOption({ label: fields.kind });
  for (const [label, value] of Object.entries(fields)) {
    if (label === 'kind') continue;
    const names: Record<string, RegExp> = {
      id: /^Printer id/,
      name: /^Name/,
      host: /^Host or IP address/,
      port: /^Port/,
      directory: /^Folder/,
    };
    await form.getByLabel(names[label] ?? label).fill(value);
  }
  await form.getByRole('button', { name: 'Save printer' }).click();
  await expect(printers.getByText('Settings saved.')).toBeVisible();
  await expect(form).toHaveCount(0);
}

function printerRow(page: Page, id: string): Locator {
  return page.getByRole('region', { name: 'Printers' }).locator(`li[data-printer-id="${id}"]`);
}

test.describe('settings', () => {
  test('the API key shows only a mask, never the secret', async ({ page, demo }) => {
    await openStation(page, demo);
    await settingsSection(page, 'nShift account');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('API key id')).toHaveValue('demo');
    await expect(page.getByTestId('secret-mask')).toHaveText(/^Stored secret: •+$/);
    await expect(page.getByLabel('API key secret')).toHaveValue('');
    expect(await page.content()).not.toContain('demo-secret');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test')).toHaveText('Connected to nShift.');
    await saveScreen(page, 'settings-account');
  });

  test('in demo mode the nShift address shown is the simulator, marked Demo, and not offered for saving', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const account = await settingsSection(page, 'nShift account');
    const url = account.getByLabel('Delivery API address');
    await expect(url).toHaveValue(`${demo.simulatorUrl}/rs-extapi/v1`);
    await expect(url).toHaveJSProperty('readOnly', true);
    await expect(account.getByTestId('delivery-url-source')).toHaveAttribute('data-source', 'demo');
    await expect(account.getByTestId('delivery-url-source')).toContainText('Demo');
    await expect(account.getByRole('button', { name: 'Save address' })).toHaveCount(0);
    // Nothing to save: the address in use is the demo's, not a draft of the saved one.
    await expect(page.getByTestId('settings-unsaved')).toHaveAttribute('data-count', '0');
  });

  test('in demo mode the nShift Checkout addresses shown are the simulator’s, marked Demo, and not saved with the section', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const checkout = await settingsSection(page, 'nShift Checkout');
    const base = checkout.getByLabel('Checkout API address');
    await expect(base).toHaveValue(new RegExp(`^${demo.simulatorUrl}/`));
    await expect(base).toHaveJSProperty('readOnly', true);
    await expect(checkout.getByTestId('checkout-url-source')).toHaveAttribute('data-source', 'demo');
    await expect(checkout.getByTestId('checkout-url-source')).toContainText('Demo');
    const auth = checkout.getByLabel('Identity service address');
    await expect(auth).toHaveValue(new RegExp(`^${demo.simulatorUrl}`));
    await expect(auth).toHaveJSProperty('readOnly', true);
    await expect(checkout.getByTestId('checkout-auth-url-source')).toHaveAttribute('data-source', 'demo');

    const before = (await demo.call<SettingsView>('getSettings')).checkout;
    await checkout.getByLabel('Checkout connection id').fill('e2e-connection');
    await saveSettingsBar(page);
    const after = (await demo.call<SettingsView>('getSettings')).checkout;
    expect(after).toMatchObject({
      baseUrl: before.baseUrl,
      authUrl: before.authUrl,
      connectionId: 'e2e-connection',
    });
    expect(after.baseUrl.startsWith(demo.simulatorUrl)).toBe(false);
  });

  test('add a network Zebra and a folder printer, then a test label with preview arrives in cp850 with ÅÄÖ', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await settingsSection(page, 'Printers');
    await addPrinter(page, {
      kind: 'Zebra over network (TCP)',
      id: 'zebra-e2e',
      name: 'Packing Zebra',
      host: demo.labelPrinter.host,
      port: String(demo.labelPrinter.port),
    });
    await expect(printerRow(page, 'zebra-e2e')).toContainText('Packing Zebra · Zebra over network (TCP)');
    await addPrinter(page, {
      kind: 'Folder (files only)',
      id: 'folder-e2e',
      name: 'Label archive',
      directory: 'e2e-archive',
    });
    await expect(printerRow(page, 'folder-e2e')).toContainText('Label archive · Folder (files only)');

    const saved = await demo.call<SettingsView>('getSettings');
    expect(saved.printers).toEqual([
      {
        id: 'zebra-e2e',
        name: 'Packing Zebra',
        kind: 'zpl-tcp',
        host: demo.labelPrinter.host,
        port: demo.labelPrinter.port,
      },
      { id: 'folder-e2e', name: 'Label archive', kind: 'file', directory: 'e2e-archive' },
    ]);

    // The test label in cp850 (the default choice) to the new Zebra.
    const before = (await labels(demo)).length;
    await expect(page.getByLabel('Test label charset')).toHaveValue('cp850');
    await printerRow(page, 'zebra-e2e').getByRole('button', { name: 'Test label' }).click();
    // Not "sent" on the station's answer: the label's job is followed until the Zebra took it.
    await expect(page.getByTestId('job-outcome')).toHaveText('Printed: Test label, on Packing Zebra');
    const preview = page.getByTestId('document-preview');
    await expect(preview.getByRole('img').first()).toBeVisible();
    expect(
      await preview
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(100);
    await preview.scrollIntoViewIfNeeded();
    await saveScreen(page, 'settings-test-label-preview');

    await expect.poll(async () => (await labels(demo)).length).toBe(before + 1);
    const testLabel = (await labels(demo))[before]!;
    expect(testLabel).toContain('Packbench test label');
    expect(testLabel).toContain('Printer: Packing Zebra');
    expect(testLabel).toContain('^CI13');
    expect(testLabel).toContain('\x8f\x8e\x99'); // ÅÄÖ in code page 850

    // The folder printer takes a test label too (written as a file, so nothing reaches the Zebra).
    await printerRow(page, 'folder-e2e').getByRole('button', { name: 'Test label' }).click();
    await expect(page.getByTestId('document-preview').getByRole('img').first()).toBeVisible();
    expect(await labels(demo)).toHaveLength(before + 1);
    await expect
      .poll(async () =>
        (await demo.call<JobView[]>('listJobs')).filter((j) => j.kind === 'test_print').map((j) => j.state),
      )
      .toEqual(['printed', 'printed']);
  });

  test('every section of the Settings screen at 1280×720', async ({ page, demo }) => {
    await openStation(page, demo);
    // Each group of the index with its first sections: the screenshots CI keeps.
    const sections: [string, string][] = [
      ['settings-printers-routing', 'Printers'],
      ['settings-print-config-scanner', 'Print configuration'],
      ['settings-sounds-manifest', 'Sounds'],
    ];
    for (const [file, heading] of sections) {
      await settingsSection(page, heading);
      const title = page.getByRole('heading', { name: heading, level: 2, exact: true });
      await expect(title).toBeInViewport();
      await saveScreen(page, file);
    }
  });
});
