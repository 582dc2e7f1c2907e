import { expect, test } from './demo-host';
import { saveScreen } from './helpers';

test.describe('scan → printed in the browser, through the web host in demo mode', () => {
  test('typing an order number as a scanner does prints its label on the virtual printer', async ({
    page,
    demo,
  }) => {
    await page.goto(demo.openUrl);
    const input = page.getByTestId('scan-input');
    await expect(input).toBeFocused();
    // A scanner is a keyboard that types fast and ends with Enter.
    await page.keyboard.type('ORD-1001', { delay: 8 });
    await page.keyboard.press('Enter');

    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(result).toContainText('ORD-1001');

    const labels = await demo.call<string[]>('_demo/labels');
    expect(labels.length).toBeGreaterThan(0);
    // cp850 by default: "Åsa Öberg" arrives with Å as the single byte 0x8F.
    expect(labels.join('')).toContain('\x8fsa');
    // The token left the address bar once the page had it.
    expect(page.url()).not.toContain('token=');
    await saveScreen(page, 'scan-printed');
  });

  test('a validation error says what is wrong, field by field', async ({ page, demo }) => {
    await page.goto(demo.openUrl);
    await expect(page.getByTestId('scan-input')).toBeFocused();
    await page.keyboard.type('ORD-1900', { delay: 8 });
    await page.keyboard.press('Enter');
    const result = page.getByTestId('last-result');
    await expect(result).toHaveAttribute('data-state', 'failed');
    await expect(result).toContainText(/zip|postal|postnummer/i);
    await saveScreen(page, 'scan-failed-validation');
  });
});
