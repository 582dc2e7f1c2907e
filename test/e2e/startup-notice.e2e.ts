import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startDemoHost, type DemoHost } from './demo-host';
import { scanLikeAScanner } from './helpers';
import { catalogues, fill } from './glance';

/**
 * What a start found reaches the supervisor's screen: the web host started (as a user would, from the build) on a
 * data folder whose settings.json a hand edit broke and whose journal ends in a torn line shows a calm notice above
 * the Scan screen, in the station's language, with what to do and the station's English words under "For IT". It
 * holds no scan back, and once hidden it stays hidden for this start, a reload too.
 */

const stops: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function damagedDataFolder(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'packbench-e2e-startup-'));
  stops.push(() => rm(dataDir, { recursive: true, force: true }));
  await writeFile(
    join(dataDir, 'settings.json'),
    '{\n  "language": "sv"\n  "sounds": { "enabled": false }\n}\n',
  );
  // A journal whose last line a power cut tore: nothing before it, only the torn line.
  await mkdir(join(dataDir, 'journal'), { recursive: true });
  const day = new Date().toISOString().slice(0, 10);
  await appendFile(
    join(dataDir, 'journal', `journal-${day}.jsonl`),
    '1a2b3c4d {"type":"job","jobId":"scan-2',
  );
  return dataDir;
}

test('a start that set settings aside and a torn journal line: the notice says so, in the station’s language, and hides for this start', async ({
  page,
}) => {
  const dataDir = await damagedDataFolder();
  const host: DemoHost = await startDemoHost({ args: ['--data-dir', dataDir] });
  stops.push(() => host.stop());
  const en = catalogues.en.startup;

  await page.goto(host.openUrl);
  const notice = page.getByTestId('startup-notice');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('heading', { name: en.title })).toBeVisible();
  // One line until opened, so the Scan screen keeps its place; opened, each warning with what to do.
  await expect(notice.locator('li').first()).toBeHidden();
  await notice.getByRole('heading', { name: en.title }).click();
  const settings = notice.locator('[data-warning-code="settings_unreadable"]');
  const journal = notice.locator('[data-warning-code="journal_damaged"]');
  await expect(settings).toContainText(fill(en.where, { line: 3, column: 3 }));
  await expect(settings).toContainText('settings.json.corrupt-');
  await expect(journal).toContainText('.jsonl.corrupt-');
  // The station's own words, for IT, closed until opened.
  const forIt = settings.locator('details');
  await expect(forIt).not.toHaveAttribute('open', '');
  await forIt.locator('summary').click();
  await expect(forIt).toContainText('The settings file could not be read (line 3, column 3');

  // It holds no scan back: the scanner's keys still reach the Scan screen, and the label prints.
  await page.getByTestId('scan-input').click();
  await scanLikeAScanner(page, 'ORD-1001');
  await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
  await expect(notice).toBeVisible();

  // In the station's language once it is set.
  await host.call('saveSettings', { language: 'sv' });
  await page.reload();
  const sv = catalogues.sv.startup;
  await expect(notice.getByRole('heading', { name: sv.title })).toBeVisible();
  await notice.getByRole('heading', { name: sv.title }).click();
  await expect(settings).toContainText(fill(sv.where, { line: 3, column: 3 }));

  await notice.getByRole('button', { name: sv.dismiss }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await expect(page.getByTestId('status-bar')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
