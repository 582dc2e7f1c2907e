import type { Page } from '@playwright/test';
import { expect, test } from './demo-host';
import { openInLanguage, scanAndWait } from './helpers';
import { SIZES, startFreshHost } from './glance';

/**
 * Issue 29, point 5, at the sizes a bench has (800×600, 1280×720) in English and Swedish: a manifest is made only
 * when there is something new for it, the words say what runs while it is made, and no list loads for ever.
 */
const WORDS = {
  en: {
    create: 'Create manifest: PNL',
    nothingNew: '· nothing new',
    creating: 'Creating in nShift',
    lookingUp: 'Looking up',
  },
  sv: {
    create: 'Skapa manifest: PNL',
    nothingNew: '· inget nytt',
    creating: 'Skapas i nShift',
    lookingUp: 'Söker',
  },
} as const;

/** Every text the manifest's outcome line shows, kept as it changes (the page's own record of what was read). */
async function recordOutcome(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { outcomeTexts: string[] }).outcomeTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="job-outcome"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test.describe('end of day: a manifest only with something new on it', () => {
  test.afterEach(async ({ demo }) => {
    await demo.sim('/_sim/faults/clear');
    await demo.call('saveSettings', { language: 'en' });
  });

  for (const size of SIZES)
    for (const language of ['en', 'sv'] as const) {
      test(`${language} ${size.width}×${size.height}: made while something is new, saying so; then "nothing new", and nothing made`, async ({
        page,
        demo,
      }) => {
        const words = WORDS[language];
        await page.setViewportSize(size);
        // Something new: a booking since the last manifest (each run books its own order).
        await scanAndWait(
          demo,
          { en: { 800: 'ORD-1002', 1280: 'ORD-1003' }, sv: { 800: 'ORD-1004', 1280: 'ORD-1005' } }[language][
            size.width as 800 | 1280
          ],
        );
        await openInLanguage(page, demo, language);
        await page.keyboard.press('F4');
        const create = page.getByRole('button', { name: words.create });
        await expect(create).not.toHaveAttribute('aria-disabled');
        await expect(create).toBeInViewport();

        // nShift takes its time to make the manifest: what the packer reads meanwhile is what it does.
        await demo.sim('/_sim/faults/latency', { method: 'POST', path: '**/manifests', ms: 1500 });
        await recordOutcome(page);
        await create.click();
        const outcome = page.getByTestId('job-outcome');
        await expect(outcome).toHaveAttribute('data-job-state', 'printed', { timeout: 20_000 });
        await expect(outcome).toBeInViewport();
        const read = await page.evaluate(
          () => (window as unknown as { outcomeTexts: string[] }).outcomeTexts,
        );
        expect(read.some((text) => text.includes(words.creating))).toBe(true);
        expect(read.filter((text) => text.includes(words.lookingUp))).toEqual([]);

        // Now every shipment of the day is in a manifest: the button says so and makes nothing.
        const made = (await demo.call<unknown[]>('listManifests')).length;
        await expect(create).toHaveAttribute('aria-disabled', 'true');
        await expect(create).toContainText(words.nothingNew);
        await expect(page.getByTestId('manifest-nothing-new')).toBeVisible();
        // It looks and is announced disabled (aria-disabled, so it keeps the keys), and a click makes nothing.
        await create.click({ force: true });
        await page.waitForTimeout(500);
        expect(await demo.call<unknown[]>('listManifests')).toHaveLength(made);
        // A headless `:manifest` would be refused before nShift made one: the station refuses it the same way.
        const { jobId } = await demo.call<{ jobId: string }>('createManifest', { manifestType: 'PNL' });
        await expect
          .poll(
            async () =>
              (
                await demo.call<{ state: string; failure?: { code: string; detail?: string } }>('getJob', {
                  jobId,
                })
              ).failure,
          )
          .toMatchObject({ code: 'manifest_empty', detail: 'manifest_nothing_new' });
        expect(await demo.call<unknown[]>('listManifests')).toHaveLength(made);
      });
    }

  for (const size of SIZES)
    for (const language of ['en', 'sv'] as const) {
      test(`${language} ${size.width}×${size.height}: without an API key, Manifest and Stored say what is missing, and nothing loads for ever`, async ({
        page,
      }) => {
        const bare = await startFreshHost();
        try {
          await page.setViewportSize(size);
          await page.goto(bare.openUrl);
          // A station without a key or a printer opens its first-start setup: left, as an admin may.
          await page.getByTestId('setup-leave').click();
          await expect(page.getByTestId('scan-input')).toBeFocused();
          if (language === 'sv') {
            await page.keyboard.press('F6');
            await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
          }
          for (const key of ['F4', 'F3']) {
            await page.keyboard.press(key);
            const alert = page.getByRole('alert');
            await expect(alert).toContainText(
              language === 'en'
                ? 'Ask a supervisor to enter the API key in Settings → nShift account.'
                : 'Be en arbetsledare att ange API-nyckeln i Inställningar → nShift-konto.',
            );
            await expect(alert).toBeInViewport();
            await page.waitForTimeout(500);
            await expect(page.locator('main')).not.toContainText(language === 'en' ? 'Loading…' : 'Laddar…');
          }
        } finally {
          await bare.stop();
        }
      });
    }
});
