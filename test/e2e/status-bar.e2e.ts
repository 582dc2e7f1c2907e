import { expect, test } from './demo-host';
import type { StationStatus } from '../../preload/api';
import { catalogues, fill, SIZES, statusBarWhole } from './glance';
import { LANGUAGES } from '../../renderer/src/i18n';

/**
 * Issue 29, point 3: the status bar reads whole at 800×600 and 1280×720 in all five languages. Every chip shows its
 * whole text inside the window, each printer chip names its printer and its state in full, the label printer that
 * is down comes first, and at 800 px the printers past the second are named (down first) in the +N chip.
 */

test('every chip whole, the offline label printer named first, at both sizes in all five languages', async ({
  page,
  demo,
}) => {
  // A third printer with a long name (an office laser nobody checked yet), and the Zebra switched off.
  await demo.call('savePrinter', {
    kind: 'raw-tcp',
    id: 'office',
    name: 'Office laser, second floor by the stairs',
    host: '127.0.0.1',
    port: 9,
  });
  await demo.call('setDemoPrinterFault', { fault: 'offline' });
  const status = await demo.call<StationStatus>('getStatus');
  const label = status.printers.find((printer) => printer.printerId === 'label')!;
  expect(label.state).toBe('offline');
  // The station names the demo's Zebra "Label printer (tcp://…)"; the bar says it in the packer's language.
  const address = /\((.+)\)$/.exec(label.name)![1]!;

  await page.goto(demo.openUrl);
  const bar = page.getByTestId('status-bar');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const language of LANGUAGES) {
      const words = catalogues[language];
      await demo.call('saveSettings', { language });
      // The page reads the language from the settings it loads.
      await page.reload();
      await expect(page.getByTestId('nav-scan')).toContainText(words.nav.scan);
      const where = `${size.width}×${size.height} ${language}`;

      const chips = await statusBarWhole(page);
      expect(
        chips.filter((chip) => !chip.whole),
        where,
      ).toEqual([]);
      const printers = bar.locator('[data-printer-id]');
      await expect(printers.first(), where).toHaveAttribute('data-printer-id', 'label');
      await expect(printers.first(), where).toContainText(
        fill(words.settings.printers.appNamed.label, { address }),
      );
      await expect(printers.first(), where).toContainText(words.status.printerState.offline);
      // The state is said once, also where the problem is the same words (Finnish "Ei yhteyttä").
      const chipText = (await printers.first().textContent()) ?? '';
      expect(
        chipText.toLowerCase().split(words.status.printerState.offline.toLowerCase()),
        where,
      ).toHaveLength(2);
      if (size.width < 1024) {
        // Two chips at 800 px: the label printer, and the rest in "+N", red since a printer it holds is down.
        const more = bar.locator('.chip-more');
        await expect(more, where).toHaveText('+2');
        await expect(more, where).toHaveClass(/chip-bad/);
        await expect(more, where).toHaveAttribute('data-hidden-printers', 'office documents');
        await expect(more, where).toHaveAttribute('title', /^Office laser, second floor by the stairs: /);
      } else {
        const office = bar.locator('[data-printer-id="office"]');
        await expect(office, where).toContainText('Office laser, second floor by the stairs');
        await expect(office, where).toContainText(words.status.printerState.offline);
      }
      await expect(bar.getByTestId('station-name'), where).toContainText(status.stationName);
      // Nothing of the bar is hidden under the window's edge, and the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
        size.width,
      );
    }
  }
});
