import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Language, MethodInput, MethodOutput, StationMethodName } from '../../preload/api';
import da from '../../renderer/src/i18n/locales/da';
import en from '../../renderer/src/i18n/locales/en';
import fi from '../../renderer/src/i18n/locales/fi';
import nb from '../../renderer/src/i18n/locales/nb';
import sv from '../../renderer/src/i18n/locales/sv';
import { startWebProcess, type WebProcess } from '../support/web-process';

/**
 * What issue 29's browser tests share: the two window sizes and two languages each point is tried in, the
 * catalogues the expected words come from, and a web host started without --demo (a fresh station).
 */

export const catalogues = { en, sv, nb, da, fi } as const;

export const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 720 },
] as const;

/** Each point's test runs at 800×600 and 1280×720, in English and in Swedish. */
export const COMBOS = SIZES.flatMap((size) =>
  (['en', 'sv'] as const).map((language) => ({
    size,
    language,
    name: `${size.width}×${size.height} ${language}`,
  })),
);

/** A catalogue text with its {{placeholders}} filled, as i18next fills them. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Sets the page's window and the station's language (the setting the UI follows). */
export async function prepare(
  page: Page,
  size: { width: number; height: number },
  language: Language,
  call: (name: 'saveSettings', input: MethodInput<'saveSettings'>) => Promise<unknown>,
): Promise<void> {
  await page.setViewportSize(size);
  await call('saveSettings', { language });
}

export interface FreshHost {
  openUrl: string;
  port: number;
  process: WebProcess;
  dataDir: string;
  call<K extends StationMethodName>(method: K, input?: MethodInput<K>): Promise<MethodOutput<K>>;
  stop(): Promise<void>;
}

/**
 * The web host on a fresh data folder, without --demo: a station as it is first started. `before` puts files in the
 * folder before the host opens it (a vault file, say).
 */
export async function startFreshHost(
  args: string[] = [],
  before?: (dataDir: string) => Promise<void>,
): Promise<FreshHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'packbench-e2e-fresh-'));
  await before?.(dataDir);
  const child = startWebProcess(['--port', '0', '--data-dir', dataDir, ...args]);
  const { url, token } = await child.ready();
  // The URL comes before the station has opened: its first answer says it is open.
  await child.call('getStatus');
  return {
    openUrl: `${url.origin}/?token=${token}`,
    port: Number(url.port),
    process: child,
    dataDir,
    call: (method, input) => child.call(method, input),
    async stop() {
      await child.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether every chip of the status bar shows its whole text inside the window: none cut, none off-screen. */
export async function statusBarWhole(page: Page): Promise<{ text: string; whole: boolean }[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    return [...document.querySelectorAll<HTMLElement>('[data-testid="status-bar"] .chip')].map((chip) => {
      const box = chip.getBoundingClientRect();
      const parts = [chip, ...chip.querySelectorAll<HTMLElement>('*')];
      const cut = parts.some((part) => part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0);
      return {
        text: chip.innerText.replace(/\s+/g, ' '),
        whole:
          !cut && box.left >= 0 && box.right <= width + 0.5 && box.top >= 0 && box.bottom <= height + 0.5,
      };
    });
  });
}
