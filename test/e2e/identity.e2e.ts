import { expect, test } from './demo-host';
import { catalogues, COMBOS, fill, prepare } from './glance';

/**
 * Issue 29, point 9: the station's name (Settings → This station → Station name and setup) in the window title and the status bar, and a key
 * cheat sheet on F9, listed in the status bar on every screen. (The headless `ready` line is
 * test/integration/hosts/headless.test.ts's.)
 */

for (const [index, { size, language, name }] of COMBOS.entries()) {
  const words = catalogues[language];

  test(`${name}: the station's name in the title and the status bar, and every key on F9`, async ({
    page,
    demo,
  }) => {
    await prepare(page, size, language, demo.call);
    await demo.call('saveSettings', { station: { name: '' } });
    await page.goto(demo.openUrl);
    const computer = await page.getByTestId('station-name').innerText();
    await expect(page).toHaveTitle(
      fill(words.stationName.windowTitle, { name: computer.split(/\s/).pop()! }),
    );

    await page.keyboard.press('F6');
    const section = page.getByRole('region', { name: words.stationName.settingsTitle });
    const stationName = `Bench ${index + 1} (returns)`;
    await section.getByLabel(words.stationName.field).fill(stationName);
    // Saved as every Setting is: the screen's one Save bar.
    await page
      .getByTestId('settings-save-bar')
      .getByRole('button', { name: words.settings.bar.save })
      .click();
    await expect(page).toHaveTitle(fill(words.stationName.windowTitle, { name: stationName }));
    const chip = page.getByTestId('station-name');
    await expect(chip).toHaveText(`${words.stationName.label}${stationName}`, { useInnerText: false });
    await expect(chip).toBeInViewport({ ratio: 1 });

    // The sheet's key is on screen, on every screen, and opens it wherever the packer is.
    const keys = page.getByTestId('keys-button');
    await expect(keys).toBeInViewport({ ratio: 1 });
    await expect(keys).toContainText('F9');
    await page.keyboard.press('F2');
    await page.keyboard.press('F9');
    const sheet = page.getByRole('dialog', { name: words.keys.title });
    await expect(sheet).toBeVisible();
    for (const screen of ['scan', 'jobs', 'history', 'checkout'] as const)
      await expect(sheet).toContainText(fill(words.keys.screen, { screen: words.nav[screen] }));
    await expect(sheet).toContainText(words.keys.reprint);
    await expect(sheet.getByRole('button', { name: words.keys.close })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('nav-jobs')).toHaveAttribute('aria-current', 'page');
    await keys.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('F9');
    await expect(sheet).toHaveCount(0);
  });
}
