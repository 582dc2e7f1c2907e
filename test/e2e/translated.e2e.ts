import type { Locator, Page } from '@playwright/test';
import { expect, test } from './demo-host';
import { openStation, saveScreen, scanLikeAScanner } from './helpers';
import type { Failure, JobView } from '../../preload/api';

/** The clauses of the station's English message: none may reach a Swedish screen. */
function englishClauses(message: string): string[] {
  return message
    .split(/[:;.()]\s*/)
    .map((clause) => clause.trim())
    .filter((clause) => clause.split(/\s+/).length >= 3);
}

async function expectNoStationEnglish(where: Locator, failure: Failure): Promise<void> {
  const text = await where.innerText();
  expect(failure.message.length).toBeGreaterThan(0);
  for (const clause of englishClauses(failure.message)) expect(text).not.toContain(clause);
  expect(text).not.toMatch(/\bDetails:|What happened|What to do/);
}

async function switchToSwedish(page: Page): Promise<void> {
  await page.keyboard.press('F6');
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('sv');
  await expect(page.getByTestId('nav-scan')).toContainText('Skanna');
  await page.keyboard.press('F1');
  await expect(page.getByTestId('scan-input')).toBeFocused();
}

async function failedJob(demo: { call<T>(name: string): Promise<T> }, scan: string): Promise<JobView> {
  const job = (await demo.call<JobView[]>('listJobs')).find((candidate) => candidate.scan === scan);
  expect(job?.failure).toBeDefined();
  return job!;
}

test.describe('every word the packer reads is in their language', () => {
  // The language is a station setting: each test starts in English and switches through Settings.
  test.beforeEach(async ({ demo }) => {
    await demo.call('saveSettings', { language: 'en' });
  });

  test('in Swedish, nShift’s validation failure is explained in Swedish, nShift’s own words labelled as such', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await switchToSwedish(page);
    await scanLikeAScanner(page, 'ORD-1900');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText('nShift avvisade sändningen');
    const job = await failedJob(demo, 'ORD-1900');
    await expectNoStationEnglish(result, job.failure!);

    // nShift's 422 text is data: shown after the Swedish field name, labelled as nShift's words.
    const errors = job.failure!.errors ?? [];
    expect(errors.length).toBeGreaterThan(0);
    const fields = result.getByRole('list', { name: 'Fält att rätta' });
    for (const error of errors) {
      await expect(fields.getByRole('listitem').filter({ hasText: error.message })).toContainText(
        `nShift skriver: ${error.message}`,
      );
    }
    await saveScreen(page, 'scan-failed-validation-sv');
  });

  test('in Swedish, a code nothing matches is explained in Swedish on the Scan and the Cancel screen', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    await switchToSwedish(page);
    await scanLikeAScanner(page, 'NO-SUCH-1');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    // The demo station has nShift Checkout credentials, so Checkout says why nothing matches (issue 11).
    await expect(result).toContainText('webbutiken har inte skapat sändningen än');
    await expect(result).toContainText('NO-SUCH-1');
    await expectNoStationEnglish(result, (await failedJob(demo, 'NO-SUCH-1')).failure!);

    // A refused look-up (no job, an ApiErrorBody) is translated the same way.
    const refused = await fetch(`${demo.baseUrl}/api/lookupShipment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { code: 'NO-SUCH-2' } }),
    });
    const body = (await refused.json()) as { failure: Failure };
    await page.keyboard.press('F5');
    await expect(page.getByLabel('Sändnings-, kolli- eller ordernummer')).toBeFocused();
    await scanLikeAScanner(page, 'NO-SUCH-2');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('NO-SUCH-2');
    await expectNoStationEnglish(alert, body.failure);
  });
});
