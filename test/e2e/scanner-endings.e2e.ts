import type { Page } from '@playwright/test';
import type { JobView } from '../../preload/api';
import { expect, test } from './demo-host';
import { openStation, settingsSection } from './helpers';

/** A scanner at full speed (2 ms a key) whose code ends in the given keys, as it was set up to send them. */
async function scanEnding(page: Page, code: string, ending: string[]): Promise<void> {
  await page.keyboard.type(code, { delay: 2 });
  for (const key of ending) await page.keyboard.press(key);
}

async function scansBooked(demo: Parameters<typeof openStation>[1]): Promise<string[]> {
  return (await demo.call<JobView[]>('listJobs')).map((job) => job.scan);
}

test.describe('a scanner set to end its codes otherwise than with one Enter', () => {
  test('CR+LF: each code books once, and the line feed neither says "nothing to scan" nor presses a button', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const field = page.getByTestId('scan-input');
    const result = page.getByTestId('last-result');

    await scanEnding(page, 'ORD-1001', ['Enter', 'Enter']);
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await expect(page.getByTestId('scan-empty')).toHaveCount(0);

    // Outside the field (the focus on the result's Clear button): the LF must not press it and hide the result.
    await result.getByRole('button', { name: 'Clear (Esc)' }).focus();
    await scanEnding(page, 'ORD-1002', ['Enter', 'Enter']);
    await expect(result.locator('.result-code')).toHaveText('ORD-1002');
    await expect(result).toHaveAttribute('data-state', 'printed');
    expect(await scansBooked(demo)).toEqual(['ORD-1002', 'ORD-1001']);
  });

  test('Tab: the code is booked as with Enter, the keyboard stays in the scan field, and no scan stays in a Settings field', async ({
    page,
    demo,
  }) => {
    await openStation(page, demo);
    const field = page.getByTestId('scan-input');
    const result = page.getByTestId('last-result');

    await scanEnding(page, 'ORD-1003', ['Tab']);
    await expect(result.locator('.result-code')).toHaveText('ORD-1003');
    await expect(result).toHaveAttribute('data-state', 'printed');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    // The next code goes the same way: nothing glued to the one before.
    await scanEnding(page, 'ORD-1005', ['Tab']);
    await expect(result.locator('.result-code')).toHaveText('ORD-1005');
    expect(await scansBooked(demo)).toEqual(expect.arrayContaining(['ORD-1003', 'ORD-1005']));

    // In a Settings field the scan is shown as the Scanner section shows every scan, and the field keeps its text.
    const section = await settingsSection(page, 'Station name and setup');
    const name = section.getByLabel('Station name');
    await name.fill('Bench 4');
    await scanEnding(page, 'ORD-1006', ['Tab']);
    await expect(page.getByText('Last scan here: ORD-1006 (read as ORD-1006)')).toBeVisible();
    // The scan opened the Scanner section, in its own group: the name field is kept, drawn but hidden.
    await expect(page.locator('input#station-name')).toHaveValue('Bench 4');
  });
});
