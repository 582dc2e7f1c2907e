import type { Page } from '@playwright/test';
import type { StationStatus } from '../../preload/api';
import { expect, test } from './demo-host';
import { openStation, saveScreen, scanLikeAScanner } from './helpers';

/** State badges of the jobs table that something else (the details panel) covers, even in part. */
async function coveredBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector('table[aria-label="Jobs"]');
    const covered: string[] = [];
    for (const badge of table?.querySelectorAll('.badge') ?? []) {
      const box = badge.getBoundingClientRect();
      const y = box.top + box.height / 2;
      for (const x of [box.left + 2, box.right - 2]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !badge.contains(hit)) covered.push(`${badge.textContent ?? ''} at ${Math.round(x)}px`);
      }
    }
    return covered;
  });
}

test.describe('the layout at smaller screens', () => {
  test('Jobs: the State column reads whole beside the details panel at 1024×768 and 1280×900', async ({
    page,
    demo,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openStation(page, demo);
    await scanLikeAScanner(page, 'ORD-1001');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
    // A test print's row is named by its printer, the widest code in the list.
    const status = await demo.call<StationStatus>('getStatus');
    await demo.call('testPrinter', { printerId: status.printers[0]!.printerId });
    // Booked before in the demo: its badge, "Already booked", is the widest.
    await scanLikeAScanner(page, 'ORD-1500');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-result', 'duplicate');
    await page.keyboard.press('F2');
    const list = page.getByRole('table', { name: 'Jobs' });
    await expect(list.getByText('Already booked')).toBeVisible();
    await expect(page.getByTestId('job-details')).toBeVisible();
    expect(await coveredBadges(page)).toEqual([]);
    await saveScreen(page, 'jobs-1024');

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await coveredBadges(page)).toEqual([]);
  });

  test('at 800×600 nothing scrolls sideways; the nav and the scan field stay whole on every screen', async ({
    page,
    demo,
  }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await openStation(page, demo);
    await expect(page.getByTestId('scan-input')).toBeInViewport({ ratio: 1 });
    for (const key of ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8']) {
      await page.keyboard.press(key);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      const layout = await page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        navButtons: [...document.querySelectorAll('.nav-button')].map((button) => {
          const box = button.getBoundingClientRect();
          return {
            inside: box.left >= 0 && box.right <= document.documentElement.clientWidth,
            whole: button.scrollWidth <= button.clientWidth + 1,
          };
        }),
      }));
      expect(layout.pageWidth, key).toBeLessThanOrEqual(800);
      expect(layout.navButtons, key).toHaveLength(8);
      expect(
        layout.navButtons.every((button) => button.inside && button.whole),
        key,
      ).toBe(true);
    }
    await page.keyboard.press('F1');
    await expect(page.getByTestId('scan-input')).toBeInViewport({ ratio: 1 });
    await saveScreen(page, 'scan-800');
  });

  test("Manifest at 800×600: today's shipments in no manifest scroll inside their panel; the page never scrolls sideways", async ({
    page,
    demo,
  }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await openStation(page, demo);
    // Parcel numbers and a booking time make this the widest table of the app (ORD-1001 is booked above).
    await scanLikeAScanner(page, 'ORD-1003');
    await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'printed');
    await page.keyboard.press('F4');
    const panel = page.getByTestId('unmanifested');
    const table = panel.getByRole('table', { name: 'Today’s shipments in no manifest' });
    await expect(table).toContainText('ORD-1003');

    const layout = await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const table = element.querySelector('table');
      const scroller = table?.parentElement;
      const shown = scroller?.getBoundingClientRect();
      return {
        pageWidth: document.documentElement.scrollWidth,
        mainScrollsSideways: (document.querySelector('.main')?.scrollWidth ?? 0) > 800,
        panelRight: box.right,
        shownRight: shown?.right ?? Infinity,
        scrollerOverflowX: scroller ? getComputedStyle(scroller).overflowX : '',
      };
    });
    expect(layout.pageWidth).toBeLessThanOrEqual(800);
    expect(layout.mainScrollsSideways).toBe(false);
    expect(layout.panelRight).toBeLessThanOrEqual(800);
    expect(layout.shownRight).toBeLessThanOrEqual(layout.panelRight);
    expect(layout.scrollerOverflowX).toBe('auto');
    // The columns past the panel's edge are reached by scrolling the table in its panel, not the page.
    const booked = table.getByRole('columnheader', { name: 'Booked' });
    await booked.scrollIntoViewIfNeeded();
    const reached = await booked.evaluate((header) => {
      const box = header.getBoundingClientRect();
      const shown = header.closest('table')?.parentElement?.getBoundingClientRect();
      // A pixel's rounding either side: the header is inside the scrolled box, whole.
      return shown !== undefined && box.left >= shown.left - 1 && box.right <= shown.right + 1;
    });
    expect(reached).toBe(true);
    await expect(table.getByRole('columnheader', { name: 'Parcels' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await saveScreen(page, 'manifest-800');
  });
});
