import type { Page } from '@playwright/test';
import { expect, test } from './demo-host';
import { scanLikeAScanner } from './helpers';
import type { JobView } from '../../preload/api';

const LANGUAGES = ['en', 'sv', 'nb', 'da', 'fi'] as const;

/** 300 characters with nowhere to break: what a misread barcode or a pasted text can send. */
function longCode(language: string, screen: string): string {
  const head = `ORD-${language.toUpperCase()}-${screen.toUpperCase()}-`;
  return head + '7'.repeat(300 - head.length);
}

interface Offence {
  what: string;
  problem: string;
}

/**
 * Measures the drawn page at 1280×720: every visible box lies inside the viewport, no box's content spills
 * past it unless the box clips it, and text that is cut carries its full text in `title`.
 */
async function layoutOffences(page: Page): Promise<Offence[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return page.evaluate(() => {
    const offences: { what: string; problem: string }[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element): string => {
      const id = element.getAttribute('data-testid') ?? element.id;
      const classes = [...element.classList].join('.');
      return `${element.tagName.toLowerCase()}${id ? `#${id}` : ''}${classes ? `.${classes}` : ''}`;
    };
    if (document.documentElement.scrollWidth > width + 1)
      offences.push({
        what: 'page',
        problem: `scrolls sideways (${document.documentElement.scrollWidth}px)`,
      });
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement)) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest('.visually-hidden')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      if (box.left < -1 || box.right > width + 1)
        offences.push({
          what: name(element),
          problem: `box ${Math.round(box.left)}–${Math.round(box.right)}px, outside the viewport`,
        });
      // Form controls scroll their own text; everything else must hold or clip what it contains.
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)) continue;
      const spills = element.scrollWidth > element.clientWidth + 1;
      if (!spills) continue;
      const clips = style.overflowX !== 'visible';
      if (!clips) {
        offences.push({
          what: name(element),
          problem: `content ${element.scrollWidth}px spills out of its ${element.clientWidth}px box`,
        });
      } else if (
        style.textOverflow === 'ellipsis' &&
        !element
          .closest('[title]')
          ?.getAttribute('title')
          ?.includes(element.textContent?.trim() ?? '')
      ) {
        offences.push({ what: name(element), problem: 'text is cut but the full text is not in title' });
      }
    }
    return offences;
  });
}

async function expectLaidOut(page: Page, where: string): Promise<void> {
  expect(await layoutOffences(page), where).toEqual([]);
}

test.describe('a 300-character scan keeps the layout at 1280×720', () => {
  // Six 300-key scans and eight screens measured per language.
  test.describe.configure({ timeout: 180_000 });
  for (const language of LANGUAGES) {
    test(`${language}: Scan, Jobs, Stored, Manifest, Cancel, Settings, History and Checkout stay inside the screen, long codes wrap or are cut with the full text on hover`, async ({
      page,
      demo,
    }) => {
      // A code per screen: the same code again within the duplicate window would be ignored, not shown.
      const code = longCode(language, 'scan');
      await demo.call('saveSettings', { language });
      await page.goto(demo.openUrl);
      const input = page.getByTestId('scan-input');
      await expect(input).toBeFocused();

      // Scan: the result card and Today's scans, with the long scan's row in the table.
      await scanLikeAScanner(page, code);
      const result = page.getByTestId('last-result');
      await expect(result).toHaveAttribute('data-state', 'failed');
      await expect(page.getByRole('region', { name: /./ }).locator('tbody tr').first()).toBeVisible();
      await expectLaidOut(page, `${language} Scan`);
      const today = page.locator('.today table');
      const resultColumn = today.locator('thead th').last();
      // The Result column is on screen left to right (the content scrolls up and down, never sideways).
      const column = await resultColumn.boundingBox();
      expect(column).not.toBeNull();
      expect(column!.x).toBeGreaterThanOrEqual(0);
      expect(column!.x + column!.width).toBeLessThanOrEqual(1280);

      // Jobs: the list and the selected job's details hold the long code.
      await page.keyboard.press('F2');
      await expect(page.getByTestId('nav-jobs')).toHaveAttribute('aria-current', 'page');
      const job = (await demo.call<JobView[]>('listJobs')).find((candidate) =>
        candidate.scan.startsWith(code.slice(0, 24)),
      );
      expect(job).toBeDefined();
      await page.locator(`tr[data-job-id="${job!.id}"] button`).click();
      await expect(page.getByTestId('job-details').getByRole('heading')).toHaveText(job!.scan);
      await expectLaidOut(page, `${language} Jobs`);

      // Stored: the long code scanned into the filter field.
      await page.keyboard.press('F3');
      await expect(page.getByTestId('nav-stored')).toHaveAttribute('aria-current', 'page');
      await page.locator('#stored-order').focus();
      await scanLikeAScanner(page, longCode(language, 'stored'));
      await expect(page.locator('#stored-order')).toHaveValue(longCode(language, 'stored'));
      await expectLaidOut(page, `${language} Stored`);

      await page.keyboard.press('F4');
      await expect(page.getByTestId('nav-manifest')).toHaveAttribute('aria-current', 'page');
      await expectLaidOut(page, `${language} Manifest`);

      // Cancel: a failed look-up repeats the code it could not find.
      await page.keyboard.press('F5');
      await expect(page.getByTestId('nav-cancel')).toHaveAttribute('aria-current', 'page');
      await scanLikeAScanner(page, longCode(language, 'cancel'));
      await expect(page.getByRole('alert')).toBeVisible();
      await expectLaidOut(page, `${language} Cancel`);

      // Settings: trying the scanner shows the raw code and what the prefix/suffix leave of it.
      await page.keyboard.press('F6');
      await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
      // Outside a scan field a stall longer than three key gaps starts a new burst; a slower scanner (30 ms a
      // key, still a burst) keeps a busy machine's stalls below that, so the whole long code arrives as one scan.
      // A stall on a loaded machine can still split it; a person would scan again, and so does the test.
      await expect(async () => {
        await page.keyboard.type(longCode(language, 'settings'), { delay: 30 });
        await page.keyboard.press('Enter');
        await expect(page.getByRole('status').filter({ hasText: '7'.repeat(150) })).toBeVisible({
          timeout: 2_000,
        });
      }).toPass({ timeout: 60_000 });
      await expectLaidOut(page, `${language} Settings`);

      // History: a scan fills the search field and runs the search; what it answers repeats the long code.
      await page.keyboard.press('F7');
      await expect(page.getByTestId('nav-history')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('history-value')).toBeFocused();
      await scanLikeAScanner(page, longCode(language, 'history'));
      await expect(page.getByTestId('history-value')).toHaveValue(longCode(language, 'history'));
      await expect(
        page.locator('main').getByRole('status').or(page.locator('main').getByRole('alert')).first(),
      ).toBeVisible();
      await expectLaidOut(page, `${language} History`);

      // Checkout: a scan searches the partial shipments by order reference; the answer repeats the long code.
      await page.keyboard.press('F8');
      await expect(page.getByTestId('nav-checkout')).toHaveAttribute('aria-current', 'page');
      await scanLikeAScanner(page, longCode(language, 'checkout'));
      await expect(
        page.getByTestId('checkout-empty').or(page.locator('main').getByRole('alert')).first(),
      ).toBeVisible();
      await expectLaidOut(page, `${language} Checkout`);
    });
  }
});
