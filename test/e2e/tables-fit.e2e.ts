import type { Locator, Page } from '@playwright/test';
import type { JobView } from '../../preload/api';
import { expect, test, type DemoHost } from './demo-host';
import { openInLanguage, scanAndWait, scanLikeAScanner } from './helpers';
import { SIZES } from './glance';

/**
 * Issue 29, point 6, at 800×600 and 1280×720 in English and Swedish: shipment and parcel numbers whole (never cut
 * with room to spare, never broken mid-number), a table's actions in the pane of its picked row rather than on every
 * row, and every list inside its box (Jobs, Checkout, Stored, History): nothing pushed off the screen.
 */

/** A booked shipment's numbers, once per host. */
const booked = new Map<string, Promise<JobView>>();
function bookedShipment(demo: DemoHost): Promise<JobView> {
  let job = booked.get(demo.openUrl);
  if (!job) {
    job = scanAndWait(demo, 'ORD-1001');
    booked.set(demo.openUrl, job);
  }
  return job;
}

/** Each number's text on one line (one box), whole (not cut), and inside `within`. */
async function expectWholeNumbers(numbers: Locator, within: Locator): Promise<void> {
  const box = (await within.boundingBox())!;
  const count = await numbers.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const shape = await numbers.nth(i).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const rect = element.getBoundingClientRect();
      return {
        text: element.textContent,
        lines: lines.size,
        cut: element.scrollWidth > element.clientWidth + 1,
        right: rect.right,
        left: rect.left,
      };
    });
    expect(shape.lines, `${shape.text} on one line`).toBe(1);
    expect(shape.cut, `${shape.text} not cut`).toBe(false);
    expect(shape.left, `${shape.text} inside`).toBeGreaterThanOrEqual(box.x - 1);
    expect(shape.right, `${shape.text} inside`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
}

/** The list fits its box: nothing to scroll sideways, and the page never scrolls sideways either. */
async function expectFits(page: Page, table: Locator): Promise<void> {
  const fit = await table.evaluate((element) => {
    const box = element.parentElement!;
    return {
      overflow: element.scrollWidth - box.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(fit.overflow, 'the table is not wider than its box').toBeLessThanOrEqual(1);
  expect(fit.page, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

test.describe('tables fit at 800 and 1280 px: whole numbers, actions in a pane', () => {
  test.afterAll(async ({ demo }) => {
    await demo.call('saveSettings', { language: 'en' });
  });

  for (const size of SIZES)
    for (const language of ['en', 'sv'] as const) {
      test(`${language} ${size.width}×${size.height}`, async ({ page, demo }) => {
        test.setTimeout(120_000);
        const job = await bookedShipment(demo);
        const shipmentNo = job.shipments[0]!.shipmentNo!;
        expect(shipmentNo).toMatch(/^\d{20}$/);
        await page.setViewportSize(size);
        await openInLanguage(page, demo, language);

        // A 300-character scan: what to do stays on the screen, the page does not scroll sideways.
        await scanLikeAScanner(page, `LONG-${size.width}-${language}-${'7'.repeat(290)}`);
        const todo = page.getByTestId('last-result').locator('.failure-todo');
        await expect(todo).toBeVisible();
        const todoBox = (await todo.boundingBox())!;
        expect(todoBox.x + todoBox.width).toBeLessThanOrEqual(size.width);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);

        // Jobs: a scanned 20-digit shipment number reads whole in the list, its parcels whole in the details.
        await scanLikeAScanner(page, shipmentNo);
        await expect(page.getByTestId('last-result')).toHaveAttribute('data-result', 'duplicate');
        await page.keyboard.press('F2');
        const jobs = page.locator('.jobs-split table');
        const code = jobs.getByRole('button', { name: shipmentNo });
        await expect(code.first()).toBeVisible();
        await expectWholeNumbers(code.first(), jobs);
        await jobs.getByRole('button', { name: 'ORD-1001', exact: true }).first().click();
        const details = page.getByTestId('job-details');
        await expectWholeNumbers(details.locator('.number'), details);
        await expectFits(page, jobs);

        // Checkout: each row is its numbers and words; Delete and Anonymize are in the picked row's pane.
        await page.keyboard.press('F8');
        await scanLikeAScanner(page, 'SPLIT-3001');
        const checkout = page.getByTestId('checkout-results');
        await expect(checkout.getByTestId('partial-shipment')).toHaveCount(3);
        await expect(checkout.getByRole('button')).toHaveCount(3); // the rows' pick buttons, nothing else
        await expect(page.getByTestId('checkout-details').getByRole('button')).toHaveCount(2);
        await expectFits(page, checkout);

        // Stored: the same, and no "Book and print" squeezed onto three lines beside a Delete.
        await page.keyboard.press('F3');
        const stored = page.locator('table').first();
        await expect(stored.getByRole('row')).not.toHaveCount(0);
        const rows = await stored.locator('tbody tr').count();
        await expect(stored.getByRole('button')).toHaveCount(rows);
        const book = page.getByTestId('stored-details').getByRole('button').first();
        expect(await book.evaluate((button) => button.getClientRects().length)).toBe(1);
        expect(
          await book.evaluate((button) => Math.round(button.getBoundingClientRect().height)),
        ).toBeLessThanOrEqual(60);
        await expectFits(page, stored);

        // History: today's shipments, the shipment numbers whole.
        await page.keyboard.press('F7');
        await page.getByTestId('history-value').press('Enter');
        const history = page.getByTestId('history-results');
        await expect(history.getByTestId('history-row').first()).toBeVisible();
        await expectWholeNumbers(history.locator('td:first-child > button'), history);
        await expectFits(page, history);
      });
    }
});
