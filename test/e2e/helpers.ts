import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { JobView, Language } from '../../preload/api';
import type { DemoHost } from './demo-host';

/** Screenshots of real screens, kept by CI as artifacts: `test-results/screens/<screen>-<state>.png`. */
const SCREENS_DIR = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));

export async function saveScreen(page: Page, name: string): Promise<void> {
  // Nothing half-drawn: fonts loaded and no pending animation frame.
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => r(null)))),
  );
  await page.screenshot({ path: `${SCREENS_DIR}${name}.png`, animations: 'disabled', caret: 'hide' });
}

/** A scanner is a keyboard that types fast and ends with Enter. */
export async function scanLikeAScanner(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 8 });
  await page.keyboard.press('Enter');
}

/** Opens the UI on the Scan screen, ready to scan. */
export async function openStation(page: Page, demo: DemoHost): Promise<void> {
  await page.goto(demo.openUrl);
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await expect(page.getByTestId('status-bar')).toContainText('Connected');
}

/** Scans through the API (setup, not the behaviour under test) and waits until the job has finished. */
export async function scanAndWait(
  demo: DemoHost,
  code: string,
  state: JobView['state'] = 'printed',
): Promise<JobView> {
  const { jobId } = await demo.call<{ jobId: string }>('scan', { code });
  let job: JobView | undefined;
  await expect
    .poll(async () => {
      job = await demo.call<JobView>('getJob', { jobId });
      return job.state;
    })
    .toBe(state);
  return job!;
}

/** Every label the virtual Zebra received so far (one string per ^XA…^XZ, bytes as latin1). */
export function labels(demo: DemoHost): Promise<string[]> {
  return demo.call<string[]>('_demo/labels');
}

/** Settings (F6) at the section of that title, opened from its index as an admin would. */
export async function settingsSection(page: Page, title: string): Promise<Locator> {
  await page.keyboard.press('F6');
  const index = page.getByRole('navigation', { name: 'Settings sections' });
  await index.getByRole('button', { name: title, exact: true }).click();
  const section = page.getByRole('region', { name: title, exact: true });
  await expect(section).toBeVisible();
  return section;
}

/** Saves every unsaved Settings section with the screen's one Save bar, and waits for the station's answer. */
export async function saveSettingsBar(page: Page): Promise<void> {
  const bar = page.getByTestId('settings-save-bar');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(bar.getByText('Settings saved.')).toBeVisible();
}

/** The station's language set, and the page opened in it on the Scan screen, ready to scan. */
export async function openInLanguage(page: Page, demo: DemoHost, language: Language): Promise<void> {
  await demo.call('saveSettings', { language });
  await page.goto(demo.openUrl);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByTestId('scan-input')).toBeFocused();
}

/**
 * How many labels the virtual Zebra holds once no more are arriving: two reads a quarter second apart agree. A
 * booking's labels can reach the printer over several connections, and on a busy machine the first read may
 * come between them.
 */
export async function settledLabelCount(demo: DemoHost): Promise<number> {
  let previous = -1;
  let count = (await labels(demo)).length;
  while (count !== previous) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    previous = count;
    count = (await labels(demo)).length;
  }
  return count;
}
