import { expect, test } from './demo-host';
import { openInLanguage, scanAndWait } from './helpers';
import { SIZES } from './glance';

/**
 * Issue 29, point 4, at 800×600 and 1280×720 in English and Swedish: Settings' sections found in one look (an index
 * of every section title), one way to save, media and charsets in words, and every button's answer where the eye
 * is; Jobs' preview too.
 */

const WORDS = {
  en: {
    index: 'Settings sections',
    printers: 'Printers',
    printConfig: 'Print configuration',
    scanner: 'Scanner',
    find: 'Find printers',
    add: 'Add printer',
    newPrinter: 'New printer',
    test: 'Test label',
    save: 'Save changes',
    saved: 'Settings saved.',
    prefix: 'Prefix to strip',
    media: 'Label 107 × 190 mm, thermal',
    charset: /^Code page 850/,
    charsetLabel: 'ZPL charset',
    preview: 'Preview',
  },
  sv: {
    index: 'Inställningarnas delar',
    printers: 'Skrivare',
    printConfig: 'Utskriftskonfiguration',
    scanner: 'Skanner',
    find: 'Hitta skrivare',
    add: 'Lägg till skrivare',
    newPrinter: 'Ny skrivare',
    test: 'Testetikett',
    save: 'Spara ändringar',
    saved: 'Inställningarna sparades.',
    prefix: 'Prefix att ta bort',
    media: 'Etikett 107 × 190 mm, termisk',
    charset: /^Teckentabell 850/,
    charsetLabel: 'ZPL-teckenkodning',
    preview: 'Förhandsgranska',
  },
} as const;

test.describe('Settings an admin can scan', () => {
  // Once per demo host (one per file and worker; this hook runs again in a worker started after a failure): a
  // job with a label and a customs PDF for Jobs' preview. A second scan of ORD-1002 would be a duplicate.
  test.beforeAll(async ({ demo }) => {
    await scanAndWait(demo, 'ORD-1002');
  });

  test.afterAll(async ({ demo }) => {
    await demo.call('saveSettings', {
      language: 'en',
      scanner: { prefix: '', suffix: '', duplicateWindowMs: 2000 },
    });
  });

  for (const size of SIZES)
    for (const language of ['en', 'sv'] as const) {
      test(`${language} ${size.width}×${size.height}`, async ({ page, demo }) => {
        test.setTimeout(120_000);
        const words = WORDS[language];
        await page.setViewportSize(size);
        await openInLanguage(page, demo, language);

        // Every section's title in one look: the index, beside the sections, its entries all on the screen.
        await page.keyboard.press('F6');
        const index = page.getByRole('navigation', { name: words.index });
        // Fifteen: the station's name and setup (This station) came with the first-start setup.
        await expect(index.locator('.settings-entry')).toHaveCount(15);
        await expect(index.getByRole('button', { name: words.printConfig })).toBeVisible();
        const panels = await page.locator('.settings-group-sections section.panel > h2').allTextContents();
        const entries = await index.locator('.settings-entry').allTextContents();
        expect([...entries].sort()).toEqual([...panels].sort());

        // A title in the index brings its section into view.
        await index.getByRole('button', { name: words.printers, exact: true }).click();
        const printers = page.getByRole('region', { name: words.printers, exact: true });
        await expect(printers.getByRole('heading', { name: words.printers, exact: true })).toBeInViewport();

        // What a button brings is where the eye is: the printers found, the new printer's form, a test label.
        await printers.getByRole('button', { name: words.find }).click();
        await expect(printers.locator('#found-title').or(printers.getByRole('alert'))).toBeInViewport();
        await printers.getByRole('button', { name: words.add }).click();
        await expect(printers.getByRole('group', { name: words.newPrinter })).toBeInViewport();
        await printers.getByRole('button', { name: words.test }).first().click();
        await expect(printers.getByTestId('job-outcome')).toBeInViewport();

        // Media and charsets in words, nShift's codes nowhere on the screen.
        await index.getByRole('button', { name: words.printConfig }).click();
        const config = page.getByRole('region', { name: words.printConfig });
        await expect(config.locator('select').first().locator('option:checked')).toHaveText(words.media);
        await expect(config.getByLabel(words.charsetLabel).first().locator('option:checked')).toHaveText(
          words.charset,
        );
        await expect(page.locator('main')).not.toContainText('thermo-190');

        // One way to save: the bar, in view, names what is unsaved; saving empties it.
        await index.getByRole('button', { name: words.scanner, exact: true }).click();
        await page.getByLabel(words.prefix).fill(`]${size.width}${language}`);
        const bar = page.getByTestId('settings-save-bar');
        await expect(bar.getByTestId('settings-unsaved')).toHaveAttribute('data-count', '1');
        await expect(bar.getByRole('button', { name: words.save })).toBeInViewport();
        await expect(page.getByRole('main').getByRole('button', { name: /^(Save|Spara) / })).toHaveCount(1);
        await bar.getByRole('button', { name: words.save }).click();
        await expect(bar.getByText(words.saved)).toBeInViewport();
        expect((await demo.call<{ scanner: { prefix: string } }>('getSettings')).scanner.prefix).toBe(
          `]${size.width}${language}`,
        );

        // Jobs' preview shows under the document that asked for it, in view, not far below the details.
        await page.keyboard.press('F2');
        // The booking made before these tests, the one job of ORD-1002.
        await page.getByRole('table').getByRole('button', { name: 'ORD-1002', exact: true }).click();
        const details = page.getByTestId('job-details');
        await details.getByRole('button', { name: words.preview }).last().click();
        await expect(page.getByTestId('document-preview')).toBeInViewport();
      });
    }
});
