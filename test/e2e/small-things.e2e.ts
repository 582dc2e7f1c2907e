import { expect, test } from './demo-host';
import { openInLanguage, scanLikeAScanner } from './helpers';
import { SIZES } from './glance';

/** Issue 29, point 8, each at 800×600 and 1280×720 in English and Swedish. */

const WORDS = {
  en: {
    empty: 'Nothing was typed or scanned',
    bookAndPrint: 'Book and print',
    reversed: 'is after',
    noMatch: 'No shipment matches.',
    orderNumber: 'Order number',
    find: 'Find',
    close: 'Close and send',
    closeAsk: 'Close consolidated shipment KONS-4001 and send it?',
    keepOpen: 'No, keep it open',
    orderReference: 'Order reference',
    findByDate: 'Find by date',
    index: 'Settings sections',
    station: 'This station',
    manifestHeading: 'End of day',
  },
  sv: {
    empty: 'Inget skrevs eller skannades',
    bookAndPrint: 'Boka och skriv ut',
    reversed: 'är efter',
    noMatch: 'Ingen sändning matchar.',
    orderNumber: 'Ordernummer',
    find: 'Sök',
    close: 'Stäng och skicka',
    closeAsk: 'Stänga den samlastade sändningen KONS-4001 och skicka den?',
    keepOpen: 'Nej, låt den vara öppen',
    orderReference: 'Orderreferens',
    findByDate: 'Sök på datum',
    index: 'Inställningarnas delar',
    station: 'Den här stationen',
    manifestHeading: 'Dagsavslut',
  },
} as const;

/** A date the station's calendar writes the language's way (English dd/mm/yyyy, Swedish yyyy-mm-dd). */
function written(language: 'en' | 'sv', iso: string): string {
  const [year, month, day] = iso.split('-');
  return language === 'en' ? `${day}/${month}/${year}` : iso;
}

test.describe('the small things', () => {
  test.afterAll(async ({ demo }) => {
    await demo.call('saveSettings', { language: 'en' });
  });

  for (const size of SIZES)
    for (const language of ['en', 'sv'] as const) {
      test(`${language} ${size.width}×${size.height}`, async ({ page, demo }) => {
        test.setTimeout(120_000);
        const words = WORDS[language];
        await page.setViewportSize(size);
        await openInLanguage(page, demo, language);

        // An empty Enter, and "Book and print" with nothing typed, say so where the eye is.
        await page.getByTestId('scan-input').press('Enter');
        await expect(page.getByTestId('scan-empty')).toContainText(words.empty);
        await expect(page.getByTestId('scan-empty')).toBeInViewport();
        await page.getByTestId('scan-input').fill('');
        await page.getByRole('button', { name: words.bookAndPrint }).click();
        await expect(page.getByTestId('scan-empty')).toBeVisible();
        await expect(page.getByTestId('scan-input')).toBeFocused();

        // Manifest takes the keyboard on arrival (its heading: no button one stray Enter away).
        await page.keyboard.press('F4');
        await expect(page.getByRole('heading', { name: words.manifestHeading, level: 1 })).toBeFocused();

        // Settings too: its index, on the group it shows.
        await page.keyboard.press('F6');
        await expect(
          page.getByRole('navigation', { name: words.index }).getByRole('button', { name: words.station }),
        ).toBeFocused();

        // A reversed History range says so, not "no shipment matches".
        await page.keyboard.press('F7');
        await page.getByTestId('history-from').fill(written(language, '2026-11-28'));
        await page.getByTestId('history-to').fill(written(language, '2026-11-02'));
        await page.getByTestId('history-search').click();
        const to = page.getByTestId('history-to');
        await expect(to).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('.field-error')).toContainText(words.reversed);
        await expect(page.locator('.field-error')).toBeInViewport();
        await expect(page.getByText(words.noMatch)).toHaveCount(0);

        // An INVALID stored shipment is not offered for booking.
        await page.keyboard.press('F3');
        await page.getByLabel(words.orderNumber).fill('SO-2900');
        await page.getByRole('button', { name: words.find, exact: true }).click();
        const details = page.getByTestId('stored-details');
        await expect(details.getByTestId('stored-not-bookable')).toBeVisible();
        await expect(details.getByRole('button', { name: words.bookAndPrint })).toHaveCount(0);

        // "Close and send" asks first, as Delete does; Esc keeps the consolidated shipment open.
        const consolidated = page.getByTestId('consolidated-details');
        await consolidated.getByRole('button', { name: words.close }).click();
        const ask = page.getByRole('alertdialog');
        await expect(ask).toContainText(words.closeAsk);
        await expect(ask).toBeInViewport();
        await expect(ask.getByRole('button', { name: words.keepOpen })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(ask).toHaveCount(0);
        expect(await demo.call<unknown[]>('listConsolidated')).toHaveLength(1);

        // Checkout's "Find by date" takes the old order reference out of its field.
        await page.keyboard.press('F8');
        await scanLikeAScanner(page, 'SPLIT-3001');
        const reference = page.getByLabel(words.orderReference);
        await expect(reference).toHaveValue('SPLIT-3001');
        await page.getByRole('button', { name: words.findByDate }).click();
        await expect(reference).toHaveValue('');
      });
    }
});
