import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startDemoHost, type DemoHost } from './demo-host';
import { scanLikeAScanner } from './helpers';
import { catalogues, COMBOS, prepare } from './glance';

/**
 * Issue 29, point 11: a kiosk survives restarts. With --keep-token the web host keeps its token in the data folder:
 * a page left open goes on working across a restart; --rotate-token makes a new one and the page is refused.
 */

const stops: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

for (const { size, language, name } of COMBOS) {
  const words = catalogues[language];

  test(`${name}: a page left open works across a restart with --keep-token, and is refused once rotated`, async ({
    page,
  }) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-e2e-kiosk-'));
    stops.push(() => rm(dataDir, { recursive: true, force: true }));
    const start = async (flag: string, port?: number): Promise<DemoHost> => {
      const host = await startDemoHost({ ...(port ? { port } : {}), args: ['--data-dir', dataDir, flag] });
      stops.push(() => host.stop());
      return host;
    };
    const first = await start('--keep-token');
    const port = Number(new URL(first.baseUrl).port);
    await prepare(page, size, language, first.call);
    await page.goto(first.openUrl);
    const panel = page.getByTestId('last-result');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await first.stop();
    await expect(panel).toHaveAttribute('data-problem', 'station_unreachable');

    const restarted = await start('--keep-token', port);
    expect(restarted.token).toBe(first.token);
    // The open page finds its station again with the key it has: no new address to type.
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('status-bar')).not.toContainText(words.status.tokenRefused);
    await page.getByTestId('scan-input').focus();
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(panel).toHaveAttribute('data-state', 'printed');
    // A reload (the kiosk's morning) keeps working too.
    await page.reload();
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-ready', 'true');
    // Its language's catalogue is fetched from the host after a reload: in before the host goes.
    await expect(page.getByTestId('nav-scan')).toContainText(words.nav.scan);
    await restarted.stop();

    const rotated = await start('--rotate-token', port);
    expect(rotated.token).not.toBe(first.token);
    await expect(page.getByTestId('status-bar')).toContainText(words.status.tokenRefused);
    await expect(panel).toHaveAttribute('data-problem', 'station_token_refused');
    await expect(panel).toContainText(words.readiness.headline.station_token_refused);
    expect(await rotated.call<unknown[]>('listJobs')).toHaveLength(1);
  });
}
