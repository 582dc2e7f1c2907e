import { expect, test } from '@playwright/test';
import { startDemoHost, type DemoHost } from './demo-host';
import { scanLikeAScanner } from './helpers';

/**
 * What a packer sees when the web host behind an open page goes away: restarted (a new token on the same port:
 * the page's access key is out of date) or stopped. Each test starts and stops its own hosts.
 */

const hosts: DemoHost[] = [];
async function start(port?: number): Promise<DemoHost> {
  const host = await startDemoHost(port === undefined ? {} : { port });
  hosts.push(host);
  return host;
}

test.afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

test.describe('the page and a web host that went away', () => {
  test('after a restart of the host, a scan says the page’s access key is out of date — never nShift’s API key — also after a reload', async ({
    page,
  }) => {
    const first = await start();
    await page.goto(first.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await expect(page.getByTestId('status-bar')).toContainText('Connected');
    await first.stop();
    const second = await start(Number(new URL(first.baseUrl).port));

    const statusBar = page.getByTestId('status-bar');
    await expect(statusBar).toContainText('Page access key out of date');
    await scanLikeAScanner(page, 'ORD-1001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText('its access key is out of date');
    await expect(result).toContainText('Open the new address Packbench printed');
    await expect(result).not.toContainText('API key');
    expect(await second.call<unknown[]>('listJobs')).toEqual([]);

    // A reload reads the same stale key back from the tab's storage: reloading again would not help either.
    await page.reload();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This page’s access key is out of date');
    await expect(alert).not.toContainText('reload this page');
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText('ORD-1001');
    await expect(result).toContainText('its access key is out of date');
    await expect(page.getByText('Ready to scan')).toHaveCount(0);
    expect(await second.call<unknown[]>('listJobs')).toEqual([]);
  });

  test('a page opened without its token fails a scan visibly instead of dropping it', async ({ page }) => {
    const host = await start();
    await page.goto(host.baseUrl);
    await expect(page.getByRole('alert')).toContainText('This page’s access key is out of date');
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText('ORD-1001');
    await expect(result).toContainText('Open the new address Packbench printed');
  });

  test('with the host stopped, the page says Packbench is not running, and claims nothing about nShift or the printer', async ({
    page,
  }) => {
    const host = await start();
    await page.goto(host.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    const statusBar = page.getByTestId('status-bar');
    await expect(statusBar).toContainText('Connected');
    await expect(statusBar).toContainText('Ready');
    await host.stop();

    await expect(statusBar).toContainText('Station not reachable');
    await expect(statusBar).not.toContainText('Connected');
    await expect(statusBar).not.toContainText('Ready');
    await expect(statusBar.locator('[data-account-state]')).toContainText('Unknown');

    await scanLikeAScanner(page, 'ORD-1001');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText('Packbench, the station program, is not running');
    await expect(result).toContainText('nothing was booked');
    await expect(result).not.toContainText('nShift could not be reached');
  });
});
