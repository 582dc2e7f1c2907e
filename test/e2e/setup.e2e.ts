import { expect, test } from '@playwright/test';
import { createSimulator, type Simulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedDemoData } from '../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';
import { startDemoHost } from './demo-host';
import { labels, scanLikeAScanner } from './helpers';
import { catalogues, COMBOS, prepare, startFreshHost } from './glance';

/**
 * Issue 29, point 2: the first start. A station with no key and no label printer opens a short setup; the web path
 * (a fresh data folder, nShift's simulator as its Delivery address, a Zebra on the network) and the demo path both
 * reach a working bench through it: key, label printer, test label, then a scan that prints.
 */

const stops: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function nShiftAndZebra(): Promise<{ sim: Simulator; deliveryUrl: string; zebra: VirtualZebra }> {
  const sim = createSimulator();
  const started = await sim.start();
  seedDemoData(sim);
  stops.push(() => sim.stop());
  const zebra = await createVirtualZebra();
  stops.push(() => zebra.close());
  return { sim, deliveryUrl: started.deliveryBaseUrl, zebra };
}

for (const { size, language, name } of COMBOS) {
  const words = catalogues[language];

  test(`${name}: a fresh station's setup leads from the key to a label printed on the Zebra, then a scan`, async ({
    page,
  }) => {
    const { deliveryUrl, zebra } = await nShiftAndZebra();
    const host = await startFreshHost(['--delivery-url', deliveryUrl]);
    stops.push(() => host.stop());
    await prepare(page, size, language, host.call);
    await page.goto(host.openUrl);

    const setup = page.getByTestId('setup');
    await expect(setup.getByRole('heading', { level: 1 })).toHaveText(words.setup.title);
    await expect(page.getByTestId('setup-step')).toHaveText(words.setup.step.start);
    await expect(setup).toContainText(words.setup.demoTitle);
    await setup.getByRole('button', { name: words.setup.realStart }).click();

    // Settings' own key form.
    await expect(page.getByTestId('setup-step')).toHaveText(words.setup.step.key);
    await page.locator('#account-key-id').fill(DEMO_API_KEY_ID);
    await page.locator('#account-secret').fill(DEMO_API_KEY_SECRET);
    await page.locator('#account-secret').press('Enter');
    await expect(page.getByTestId('setup-key-state')).toHaveText(words.setup.keyDone);
    await expect(setup.locator('[data-step="key"]')).toHaveAttribute('data-done', 'true');

    // Settings' own printers section: the Zebra added by its address, then chosen for labels.
    await page.getByTestId('setup-next').click();
    await expect(page.getByTestId('setup-step')).toHaveText(words.setup.step.printer);
    await setup.getByRole('button', { name: words.settings.printers.add }).click();
    await page.locator('#printer-id').fill('zebra');
    await page.locator('#printer-name').fill('Packing Zebra');
    await page.locator('#printer-host').fill(zebra.host);
    await page.locator('#printer-port').fill(String(zebra.port));
    await setup.getByRole('button', { name: words.settings.printers.save }).click();
    await page.locator('#setup-label-printer-choice').selectOption('zebra');
    await setup.getByRole('button', { name: words.setup.saveLabelPrinter }).click();
    await expect(setup.locator('[data-step="printer"]')).toHaveAttribute('data-done', 'true');
    await expect(setup).toContainText(words.setup.printerDone.replace('{{printer}}', 'Packing Zebra'));

    await page.getByTestId('setup-next').click();
    await expect(page.getByTestId('setup-step')).toHaveText(words.setup.step.test);
    await page.getByTestId('setup-test-print').click();
    await expect(setup).toContainText(words.setup.testDone);
    await zebra.waitForLabels(1);

    await page.getByTestId('setup-finish').click();
    const panel = page.getByTestId('last-result');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(panel).toContainText(words.scan.ready);
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(panel).toHaveAttribute('data-state', 'printed');
    await zebra.waitForLabels(2);
  });

  test(`${name}: the demo reaches its bench through the setup too: key and printer done, a test label, a scan`, async ({
    page,
  }) => {
    const demo = await startDemoHost();
    stops.push(() => demo.stop());
    await prepare(page, size, language, demo.call);
    await page.goto(demo.openUrl);
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-ready', 'true');
    // A station that can scan does not open the setup by itself: Settings → This station leads to it.
    await expect(page.getByTestId('setup')).toHaveCount(0);
    await page.keyboard.press('F6');
    await page.getByTestId('open-setup').click();

    const setup = page.getByTestId('setup');
    await expect(page.getByTestId('setup-step')).toHaveText(words.setup.step.test);
    await expect(setup.locator('[data-step="key"]')).toHaveAttribute('data-done', 'true');
    await expect(setup.locator('[data-step="printer"]')).toHaveAttribute('data-done', 'true');
    await setup.locator('[data-step="start"]').click();
    await expect(setup).toContainText(words.setup.demoHere);
    await setup.locator('[data-step="test"]').click();
    await page.getByTestId('setup-test-print').click();
    await expect(setup).toContainText(words.setup.testDone);
    await expect.poll(async () => (await labels(demo)).length).toBe(1);

    await page.getByTestId('setup-finish').click();
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1003');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
    await expect.poll(async () => (await labels(demo)).length).toBe(2);
  });
}
