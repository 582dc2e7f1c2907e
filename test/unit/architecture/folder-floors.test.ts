/**
 * The folder map's floors are lint rules (eslint.config.js, docs/architecture.md "Floors the build enforces"). Each
 * is fed an import the wrong way through ESLint's API with the repository's own configuration, and must refuse it;
 * the arrows the map allows must pass, so a floor cannot quietly grow over the code either. The importing file
 * need not exist: ESLint lints the text as if it were there, and resolves what it imports on disk.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages ESLint gives `importer` (a path from the repository's root) for the import statement `code`. */
async function lint(
  importer: string,
  code: string,
): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, {
    filePath: join(ROOT, importer),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== '@typescript-eslint/no-unused-vars')
    .map((m) => ({ rule: m.ruleId, message: m.message }));
}

const FLOOR = 'import-x/no-restricted-paths';

describe('a wrong arrow fails the lint', () => {
  it.each([
    // main/ stands on its own
    [
      'main/station/probe.ts',
      "import { App } from '../../renderer/src/App';",
      'main/ imports neither the renderer',
    ],
    [
      'main/printers/probe.ts',
      "import { startPrivateCups } from '../../test/support/cups';",
      'main/ imports neither',
    ],
    [
      'main/hosts/shared/probe.ts',
      "import { buildBridge } from '../../../preload/index';",
      'only the contract',
    ],
    // the hosts
    [
      'main/hosts/headless/probe.ts',
      "import type { WebHost } from '../web/server';",
      'A host does not import another',
    ],
    [
      'main/hosts/web/probe.ts',
      "import { rendererPath } from '../electron/security';",
      'A host does not import another',
    ],
    ['main/hosts/shared/probe.ts', "import '../electron/main';", 'serves the hosts'],
    [
      'main/hosts/web/probe.ts',
      "import { createDeliveryClient } from '../../nshift/delivery';",
      'drive the station',
    ],
    [
      'main/hosts/electron/probe.ts',
      "import { routeDocument } from '../../printers/router';",
      'drive the station',
    ],
    [
      'main/hosts/headless/probe.ts',
      "import type { LabelCache } from '../../labels/label-cache';",
      'drive the station',
    ],
    // the station
    [
      'main/station/probe.ts',
      "import type { DispatchResult } from '../hosts/shared/dispatch';",
      'does not import them',
    ],
    [
      'main/station/workflows/probe.ts',
      "const cli = () => import('../../hosts/web/cli');",
      'does not import them',
    ],
    // the station's parts
    [
      'main/nshift/delivery/probe.ts',
      "import { createStation } from '../../station/station';",
      "the station's parts",
    ],
    [
      'main/printers/probe.ts',
      "import type { StationContext } from '../station/context';",
      "the station's parts",
    ],
    ['main/labels/probe.ts', "import { bookingTargetKey } from '../station/journal';", "the station's parts"],
    [
      'main/settings/probe.ts',
      "import { startDemoIn } from '../hosts/shared/demo-start';",
      "the station's parts",
    ],
    ['main/nshift/checkout/probe.ts', "import { createSpool } from '../../printers/spool';", 'speak nShift'],
    [
      'main/nshift/delivery/probe.ts',
      "import type { Settings } from '../../settings/schema';",
      'speak nShift',
    ],
    ['main/nshift/shared/probe.ts', "import type { Failure } from '../../../preload/api';", 'speak nShift'],
    [
      'main/nshift/delivery/probe.ts',
      "import { createLabelCache } from '../../labels/label-cache';",
      'the document shape',
    ],
    [
      'main/nshift/shared/probe.ts',
      "import { createDeliveryClient } from '../delivery/client';",
      'serves both clients',
    ],
    [
      'main/nshift/delivery/probe.ts',
      "import type { CheckoutClient } from '../checkout/client';",
      'Delivery client does not',
    ],
    [
      'main/nshift/checkout/probe.ts',
      "import { ROUTES } from '../delivery/routes';",
      'Checkout client does not',
    ],
    [
      'main/printers/drivers/probe.ts',
      "import type { DeliveryClient } from '../../nshift/delivery';",
      'print documents',
    ],
    [
      'main/printers/probe.ts',
      "import { createFileSettingsStore } from '../settings/file-store';",
      'print documents',
    ],
    [
      'main/labels/probe.ts',
      "import { createSpool } from '../printers/spool';",
      'below nShift and the printers',
    ],
    ['main/settings/probe.ts', "import { describeApiError } from '../nshift/shared';", 'below nShift'],
    ['main/labels/probe.ts', "import type { Settings } from '../settings/schema';", 'not the settings'],
    [
      'main/labels/probe.ts',
      "import type { Failure } from '../../preload/api';",
      'not the settings or the UI contract',
    ],
    [
      'main/settings/probe.ts',
      "import { detectFormat } from '../labels/document';",
      'do not import the labels',
    ],
    // the floors everything stands on
    [
      'main/files/probe.ts',
      "import type { Settings } from '../settings/schema';",
      'a floor every part stands on',
    ],
    [
      'main/files/probe.ts',
      "import type { JournalEntry } from '../station/journal';",
      'a floor every part stands on',
    ],
    ['main/zod.ts', "import { ok } from './result';", 'import nothing of the app'],
    ['main/result.ts', "import type { JobView } from '../preload/api';", 'import nothing of the app'],
    // the simulator
    ['main/simulator/probe.ts', "import { createStation } from '../station/station';", 'stands in for'],
    [
      'main/simulator/routes/probe.ts',
      "import { writeFileAtomic } from '../../files/atomic';",
      'stands in for',
    ],
    ['main/simulator/probe.ts', "import { createSpool } from '../printers/spool';", 'the ~HS status format'],
    [
      'main/station/probe.ts',
      "import { createSimulator } from '../simulator/server';",
      'Only the demo wiring',
    ],
    [
      'main/hosts/shared/dispatch.ts',
      "import type { Simulator } from '../../simulator/simulator';",
      'Only the demo',
    ],
    ['main/hosts/web/probe.ts', "const demo = () => import('../../simulator/demo');", 'Only the demo wiring'],
    [
      'main/nshift/delivery/probe.ts',
      "import { serve } from '../../simulator/operations';",
      'Only the demo wiring',
    ],
    ['main/labels/probe.ts', "import { buildZplLabels } from '../simulator/zpl';", 'Only the demo wiring'],
    // the preload bridge and the renderer
    ['preload/probe.ts', "import type { Station } from '../main/station/station';", 'import nothing of main'],
    ['preload/api.ts', "import type { Settings } from '../main/settings/schema';", 'import nothing of main'],
    ['main/domain/probe.ts', "import type { JobView } from '../../preload/api';", 'imports only main/zod.ts'],
    ['main/domain/probe.ts', "import { isOpen } from '../station/jobs';", 'imports only main/zod.ts'],
    [
      'renderer/src/probe.ts',
      "import { buildBridge } from '../../preload/index';",
      'imports only the contract',
    ],
    [
      'renderer/src/screens/probe.tsx',
      "import type { Settings } from '../../../main/settings/schema';",
      'only the contract',
    ],
    [
      'renderer/src/probe.ts',
      "import { scanLikeAScanner } from '../../test/e2e/helpers';",
      'imports only the contract',
    ],
  ])('%s: %s', async (importer, code, floor) => {
    const refusals = (await lint(importer, code)).filter((m) => m.rule === FLOOR);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.message).toContain(floor);
  });

  it.each([
    [
      'main/station/probe.ts',
      "import { app } from 'electron';",
      'electron is imported only in main/hosts/electron/',
    ],
    [
      'renderer/src/probe.ts',
      "import { readFile } from 'node:fs/promises';",
      'The renderer only talks to window.packbench',
    ],
  ])('%s: %s (the Electron and renderer rules)', async (importer, code, floor) => {
    const refusals = (await lint(importer, code)).filter((m) => m.rule === 'no-restricted-imports');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.message).toContain(floor);
  });
});

describe('an arrow the map allows passes', () => {
  it.each([
    ['main/hosts/web/probe.ts', "import { createStation } from '../../station/station';"],
    ['main/hosts/headless/probe.ts', "import { dispatch } from '../shared/dispatch';"],
    [
      'main/hosts/electron/probe.ts',
      "import { app } from 'electron';\nimport { createFileSettingsStore } from '../../settings/file-store';",
    ],
    [
      'main/hosts/shared/probe.ts',
      "import { writeFileAtomic } from '../../files/atomic';\nimport pkg from '../../../package.json' with { type: 'json' };",
    ],
    ['main/hosts/shared/demo.ts', "import { createSimulator } from '../../simulator/server';"],
    ['main/hosts/shared/demo-start.ts', "const demo = () => import('../../simulator/demo');"],
    ['main/station/probe.ts', "import { createDeliveryClient } from '../nshift/delivery';"],
    [
      'main/station/workflows/probe.ts',
      "import { createSpool } from '../../printers/spool';\nimport { createLabelCache } from '../../labels/label-cache';",
    ],
    [
      'main/station/probe.ts',
      "import type { Settings } from '../settings/schema';\nimport type { JobView } from '../../preload/api';",
    ],
    [
      'main/printers/drivers/probe.ts',
      "import { encodeZpl } from '../../labels/charset';\nimport type { PrinterProblem } from '../../../preload/api';",
    ],
    [
      'main/nshift/delivery/probe.ts',
      "import { detectFormat } from '../../labels/document';\nimport { ok } from '../../result';",
    ],
    ['main/nshift/checkout/probe.ts', "import { TokenManager } from '../shared/token-manager';"],
    [
      'main/settings/probe.ts',
      "import { plainHttpRefusal } from '../service-url';\nimport * as z from '../zod';",
    ],
    ['main/files/probe.ts', "import { ok } from '../result';"],
    ['main/simulator/routes/probe.ts', "import { ROUTES } from '../../nshift/delivery';"],
    [
      'main/simulator/probe.ts',
      "import { formatHostStatus } from '../printers/zpl-status';\nimport type { PrinterProblem } from '../../preload/api';",
    ],
    ['preload/api.ts', "export type { Failure, DocumentKind } from '../main/domain';"],
    ['main/domain/probe.ts', "import * as z from '../zod';"],
    ['main/station/probe.ts', "import { FAILURE_CODES } from '../domain';"],
    [
      'preload/index.ts',
      "import { contextBridge } from 'electron';\nimport { STATION_METHOD_NAMES } from './method-names';",
    ],
    [
      'renderer/src/probe.ts',
      "import type { StationApi } from '../../preload/api';\nimport { STATION_METHOD_NAMES } from '../../preload/method-names';",
    ],
    [
      'test/integration/probe.test.ts',
      "import { createSimulator } from '../../main/simulator/server';\nimport { createStation } from '../../main/station/station';",
    ],
  ])('%s: %s', async (importer, code) => {
    expect(await lint(importer, code)).toEqual([]);
  });
});
