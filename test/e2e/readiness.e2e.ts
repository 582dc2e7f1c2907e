import { expect, test } from '@playwright/test';
import { startDemoHost, type DemoHost } from './demo-host';
import { scanLikeAScanner } from './helpers';
import { catalogues, COMBOS, fill, prepare, startFreshHost, type FreshHost } from './glance';

/**
 * Issue 29, point 1: the Scan screen never invites a scan that cannot succeed. "Ready to scan" only when the key is
 * set and accepted, the label printer is set and not known to be down, and the station answers; otherwise what is
 * missing and the one thing to do, and a scan made then fails in the same words.
 */

const stops: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

for (const { size, language, name } of COMBOS) {
  const words = catalogues[language];

  test(`${name}: a fresh station says no API key, never "Ready to scan", and a scan fails in the same words`, async ({
    page,
  }) => {
    const host: FreshHost = await startFreshHost();
    stops.push(() => host.stop());
    await prepare(page, size, language, host.call);
    await page.goto(host.openUrl);
    // The first start's setup opens (point 2); the admin leaves it for the Scan screen.
    await page.getByTestId('setup-leave').click();
    const panel = page.getByTestId('last-result');
    await expect(panel).toHaveAttribute('data-ready', 'false');
    await expect(panel).toHaveAttribute('data-problem', 'auth_missing_key');
    await expect(panel).toContainText(words.readiness.notReady);
    await expect(panel).toContainText(words.readiness.headline.auth_missing_key);
    await expect(panel).toContainText(words.failure.codes.auth_missing_key.what);
    await expect(panel.getByTestId('readiness-action')).toHaveText(words.readiness.action.setup_key);
    await expect(page.getByText(words.scan.ready, { exact: true })).toHaveCount(0);
    await expect(panel).toBeInViewport();

    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(panel).toHaveAttribute('data-state', 'failed');
    await expect(panel).toContainText('ORD-1001');
    await expect(panel).toContainText(words.failure.codes.auth_missing_key.what);
    // The scan was taken and journalled, not dropped.
    expect((await host.call('listJobs')).map((job) => job.scan)).toEqual(['ORD-1001']);
  });

  test(`${name}: ready in the demo, not ready while the label printer is down, and when the station is gone`, async ({
    page,
  }) => {
    const host: DemoHost = await startDemoHost();
    stops.push(() => host.stop());
    await prepare(page, size, language, host.call);
    await page.goto(host.openUrl);
    const panel = page.getByTestId('last-result');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(panel).toContainText(words.scan.ready);

    await host.call('setDemoPrinterFault', { fault: 'offline' });
    await expect(panel).toHaveAttribute('data-problem', 'label_printer_offline');
    await expect(panel).toContainText(words.readiness.headline.label_printer_offline);
    await expect(panel).not.toContainText(words.scan.ready);
    await host.call('setDemoPrinterFault', { fault: 'paper_out' });
    await expect(panel).toHaveAttribute('data-problem', 'label_printer_error');
    await expect(panel).toContainText(words.printerProblem.paper_out);
    await host.call('setDemoPrinterFault', { fault: 'none' });
    await expect(panel).toHaveAttribute('data-ready', 'true');

    await host.stop();
    await expect(panel).toHaveAttribute('data-problem', 'station_unreachable');
    await expect(panel).toContainText(words.readiness.headline.station_unreachable);
    await expect(panel).toContainText(words.failure.codes.station_unreachable.what);
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1002');
    await expect(panel).toHaveAttribute('data-state', 'failed');
    await expect(panel).toContainText(fill(words.failure.codes.station_unreachable.what));
  });
}
