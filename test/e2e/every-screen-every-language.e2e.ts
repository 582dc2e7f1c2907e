import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Language, StationStatus } from '../../preload/api';
import { expect, test, type DemoHost } from './demo-host';
import { openInLanguage, scanAndWait, scanLikeAScanner } from './helpers';
import en from '../../renderer/src/i18n/locales/en';
import sv from '../../renderer/src/i18n/locales/sv';
import da from '../../renderer/src/i18n/locales/da';
import nb from '../../renderer/src/i18n/locales/nb';
import fi from '../../renderer/src/i18n/locales/fi';
import { SIZES, startFreshHost, type FreshHost } from './glance';

/**
 * Every screen, in every language, at 800×600 and 1280×720, in a state that shows most of its words (issue 29,
 * point 7): no English word may be left on a screen in another language, no status word as nShift sends it
 * (PRINTED, READY…) in any, and no "(s)" / "(r)" plural. An English word is one the English catalogue uses and
 * the language's own does not; a screen shows data as well (receivers, services, codes), so the words below are
 * allowed, each for its reason.
 *
 * A new screen is one more entry in SCREENS (on the demo) or FIRST_START (on a station as it is first started): its
 * key and, when its words show only after an action, how to reach them (`look` reads the screen; call it once per
 * state worth reading).
 */

type Look = (state: string) => Promise<void>;

interface ScreenVisit {
  name: string;
  /** How the packer gets there. */
  key: string;
  /** What to do there before (and between) looks; without it, one look on arrival. */
  visit?(page: Page, look: Look, demo: DemoHost): Promise<void>;
}

const SCREENS: ScreenVisit[] = [
  {
    name: 'Scan',
    key: 'F1',
    async visit(page, look) {
      await scanLikeAScanner(page, 'ORD-1900');
      await expect(page.getByTestId('last-result')).toHaveAttribute('data-state', 'failed');
      await look('a validation failure, and today’s scans');
    },
  },
  { name: 'Jobs', key: 'F2' },
  {
    name: 'Stored & consolidated',
    key: 'F3',
    async visit(page, look) {
      await expect(page.getByTestId('stored-details')).toBeVisible();
      await look('the lists and their panes');
    },
  },
  {
    name: 'Manifest',
    key: 'F4',
    async visit(page, look) {
      const list = page.locator('main table').last();
      await list.getByRole('button').first().click();
      await expect(page.getByTestId('manifest-shipments').getByRole('table')).toBeVisible();
      await look('a manifest and its shipments');
    },
  },
  {
    name: 'Cancel',
    key: 'F5',
    async visit(page, look, demo) {
      const { parcelNo } = await dayAtTheBench(demo);
      await scanLikeAScanner(page, parcelNo);
      await expect(page.getByTestId('cancel-shipment')).toBeVisible();
      await look('a shipment looked up');
    },
  },
  {
    name: 'Settings',
    key: 'F6',
    async visit(page, look) {
      for (const group of await page.locator('.settings-group').all()) {
        await group.click();
        await look(`group ${await group.textContent()}`);
      }
    },
  },
  {
    name: 'History',
    key: 'F7',
    async visit(page, look) {
      await page.getByTestId('history-value').press('Enter');
      await expect(page.getByTestId('history-details')).toBeVisible();
      await look('today’s shipments and one’s details');
    },
  },
  {
    name: 'Checkout',
    key: 'F8',
    async visit(page, look) {
      await scanLikeAScanner(page, 'SPLIT-3001');
      await expect(page.getByTestId('checkout-details')).toBeVisible();
      await look('an order’s partial shipments');
    },
  },
  {
    name: 'Key sheet',
    key: 'F9',
    async visit(page, look) {
      await expect(page.getByTestId('key-sheet')).toBeVisible();
      await look('the keys of every screen');
      await page.keyboard.press('F9');
      await expect(page.getByTestId('key-sheet')).toHaveCount(0);
    },
  },
  {
    name: 'Scan, not ready',
    key: 'F1',
    async visit(page, look) {
      // The result shown goes, so the panel says whether a scan can succeed now.
      await page.getByTestId('scan-input').press('Escape');
      const panel = page.getByTestId('last-result');
      const chip = page.getByTestId('demo-chip');
      await chip.click();
      const faults = page.getByTestId('demo-faults');
      await look('the demo’s printer switch');
      // Out of paper first: a printer back from offline is found again only at the station's next probe.
      for (const [fault, problem] of [
        ['paper_out', 'label_printer_error'],
        ['offline', 'label_printer_offline'],
      ] as const) {
        await faults.locator(`button[data-fault="${fault}"]`).click();
        await expect(panel).toHaveAttribute('data-problem', problem);
        await look(`the label printer ${fault}`);
      }
      await faults.locator('button[data-fault="none"]').click();
      await expect(panel).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect(faults).toHaveCount(0);
    },
  },
];

/**
 * A station as it is first started (no key that works, no label printer), with a key saved for another address and a
 * Checkout vault it cannot read: its setup, step by step, the Scan screen that says what is missing, and the notes
 * Settings shows beside the secrets.
 */
const FIRST_START: ScreenVisit[] = [
  {
    name: 'Setup',
    key: 'F6',
    async visit(page, look) {
      await page.getByTestId('open-setup').click();
      const setup = page.getByTestId('setup');
      for (const step of ['start', 'key', 'printer', 'test'] as const) {
        await setup.locator(`[data-step="${step}"]`).click();
        await expect(setup.locator(`[data-step="${step}"]`)).toHaveAttribute('aria-current', 'step');
        await look(`step ${step}`);
      }
    },
  },
  {
    name: 'Scan, first start',
    key: 'F1',
    async visit(page, look) {
      await expect(page.getByTestId('last-result')).toHaveAttribute('data-ready', 'false');
      await look('what is missing');
    },
  },
  {
    name: 'Settings, secret notes',
    key: 'F6',
    async visit(page, look) {
      await page.locator('.settings-group').nth(1).click();
      await expect(page.getByTestId('checkout-vault-notice')).toBeVisible();
      // The key's line names the address it was entered for (the field holds the one in use now, :10).
      await expect(page.locator('main')).toContainText(/127\.0\.0\.1:9(?!\d)/);
      await look('a key saved for another address, a Checkout vault it cannot read');
    },
  },
];

/**
 * What a screen shows that is not the station's words, each for its reason: product names (nShift's and this
 * app's), codes of printing (ZPL, PDF, UTF-8) and of nShift (manifest types, service ids), keys (Alt, Esc), and
 * the demo's own data (receivers, the services and options its simulated carriers offer).
 */
const ALLOWED = [
  // Product and company names, as their makers write them.
  /\bnShift (Delivery|Checkout|Print Client)\b/g,
  /\bnShift\b/g,
  /\bPackbench\b/g,
  /\bZebra\b/g,
  /\bPostNord\b|\bDHL\b|\bBring\b|\bBudbee\b|\bSchenker\b|\bMyPack\b|\bParcel Locker\b|\bHome\b|\bHome Delivery\b|\bHome Small\b|\bCollect\b|\bExpress\b|\bParcel\b|\bService Point\b|\bBusiness\b/g,
  // The demo's pickup points, named after their service by the simulated Checkout ("MyPack Collect pickup point").
  /\bpickup point\b/g,
  // Technical names an admin types into nShift and printers too (docs/glossary.md: codes are not translated).
  /\b(ZPL|PDF|TCP|API|UTF-8|URL|CSV|A4|A5|ID|id)\b/g,
  /\bAlt\+\d\b|\bEsc\b/g,
  // Addresses: the demo's simulator and folders.
  /\b(https?|tcp|file):\S+/g,
  // Codes: anything with a digit in it (order, shipment, parcel numbers, ses-1, sub-2, P19, times).
  /\S*\d\S*/g,
];

function vocabulary(catalogue: unknown): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const word of value.replace(/\{\{\w+\}\}|\$t\([^)]*\)/g, ' ').match(/\p{L}{3,}/gu) ?? [])
        words.add(word.toLowerCase());
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(catalogue);
  return words;
}

const CATALOGUES: Record<Language, unknown> = { en, sv, da, nb, fi };
const ENGLISH = vocabulary(en);

/** English words a text in `language` may not hold: the English catalogue's, minus those the language uses too. */
function englishOnly(language: Language): Set<string> {
  const own = vocabulary(CATALOGUES[language]);
  return new Set([...ENGLISH].filter((word) => !own.has(word)));
}

/** nShift's status words as it sends them: every screen says them in words, in English too. */
const RAW_STATUS = /\b(PRINTED|CANCELLED|READY|WARNED|INVALID|OPEN|CLOSED|DELETED|IN_TRANSIT|DELIVERED)\b/g;

/**
 * The words a screen shows: every visible text (word by word, so no two cells run together), its selects' choices,
 * its placeholders and titles. Left out: nShift's own words (its 422 text and field names, shown labelled as
 * nShift's: `data-nshift-words`).
 */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    // The nav, the screen, the status bar (which names the printers the app names itself in the packer's language
    // too: components/printer-name.ts) and the dialogs over them (the key sheet, the demo's printer switch).
    for (const region of document.querySelectorAll(
      'nav, main, [data-testid="status-bar"], [role="dialog"]',
    )) {
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[data-nshift-words]') || parent.closest('option')) continue;
        if (!parent.checkVisibility()) continue;
        parts.push(node.textContent ?? '');
      }
      for (const select of region.querySelectorAll('select'))
        if (select.checkVisibility()) for (const option of select.options) parts.push(option.text);
      for (const element of region.querySelectorAll('[placeholder], [title]'))
        if (element.checkVisibility())
          parts.push(element.getAttribute('placeholder') ?? '', element.getAttribute('title') ?? '');
    }
    return parts.join('\n');
  });
}

const days = new Map<string, Promise<{ parcelNo: string }>>();

/** A day with something on every screen (a booking, a stored booking, a test label, a manifest), made once a host. */
function dayAtTheBench(demo: DemoHost): Promise<{ parcelNo: string }> {
  let day = days.get(demo.openUrl);
  if (!day) {
    day = (async () => {
      const booked = await scanAndWait(demo, 'ORD-1001');
      await scanAndWait(demo, 'ORD-1003');
      await scanAndWait(demo, 'SO-2002');
      const status = await demo.call<StationStatus>('getStatus');
      await demo.call('testPrinter', { printerId: status.printers[0]!.printerId });
      await demo.call('createManifest', { manifestType: 'PNL' });
      return { parcelNo: booked.shipments[0]!.parcelNos[0]! };
    })();
    days.set(demo.openUrl, day);
  }
  return day;
}

let firstStart: Promise<FreshHost> | undefined;

/** The FIRST_START station, made once for the file: its vault files and addresses are set before its page opens. */
function firstStartStation(): Promise<FreshHost> {
  firstStart ??= (async () => {
    const host = await startFreshHost([], (dataDir) =>
      writeFile(join(dataDir, 'checkout-secrets.enc'), 'not a Packbench vault'),
    );
    // Nothing answers on these ports: the station says nShift cannot be reached, and never sends the key anywhere.
    await host.call('saveSettings', { account: { deliveryUrl: 'http://127.0.0.1:9/rs-extapi/v1' } });
    await host.call('setApiKey', { id: 'key-of-old', secret: 'secret-of-old' });
    await host.call('saveSettings', { account: { deliveryUrl: 'http://127.0.0.1:10/rs-extapi/v1' } });
    return host;
  })();
  return firstStart;
}

/** Goes through some screens, reading each as `look` says: what `found` gets is every word out of place. */
async function walk(
  page: Page,
  demo: DemoHost,
  screens: readonly ScreenVisit[],
  language: Language,
  found: string[],
): Promise<void> {
  const forbidden = englishOnly(language);
  for (const screen of screens) {
    await page.keyboard.press(screen.key);
    await page.waitForLoadState('networkidle');
    const look: Look = async (state) => {
      let text = await shownText(page);
      for (const allowed of ALLOWED) text = text.replace(allowed, ' ');
      for (const plural of text.match(/\p{L}\((s|r|er|n|en|t|a)\)/gu) ?? [])
        found.push(`${screen.name} (${state}): "${plural}"`);
      for (const status of text.match(RAW_STATUS) ?? []) found.push(`${screen.name} (${state}): ${status}`);
      for (const word of new Set(text.match(/\p{L}{3,}/gu) ?? []))
        if (forbidden.has(word.toLowerCase())) found.push(`${screen.name} (${state}): ${word}`);
    };
    if (screen.visit) await screen.visit(page, look, demo);
    else await look('on arrival');
  }
}

test.describe('every screen in every language', () => {
  for (const size of SIZES)
    for (const language of ['en', 'sv', 'da', 'nb', 'fi'] as const) {
      test(`${language} ${size.width}×${size.height}: no English word in another language, no raw status word, no "(s)"`, async ({
        page,
        demo,
      }) => {
        test.setTimeout(240_000);
        const found: string[] = [];
        await dayAtTheBench(demo);
        await page.setViewportSize(size);
        await openInLanguage(page, demo, language);
        await walk(page, demo, SCREENS, language, found);

        const fresh = await firstStartStation();
        await fresh.call('saveSettings', { language });
        await page.goto(fresh.openUrl);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // The station's status is in (its name shows): the setup a first start opens by itself has opened by now,
        // so it does not open over the screen the walk goes to next.
        await expect(page.getByTestId('station-name')).toBeVisible();
        await walk(page, demo, FIRST_START, language, found);
        expect(found).toEqual([]);
      });
    }

  test.afterAll(async ({ demo }) => {
    await demo.call('saveSettings', { language: 'en' });
    await (await firstStart)?.stop();
  });
});
