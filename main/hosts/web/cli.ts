import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createFileSettingsStore } from '../../settings/file-store';
import { createFileVault, createMemoryVault } from '../../settings/file-vault';
import { createStation } from '../../station/station';
import { defaultDataDir, demoDataDir } from '../shared/data-dir';
import { overridesFromFlags } from '../shared/overrides';
import { PACKBENCH_VERSION } from '../shared/version';
import { startWebHost } from './server';

const HELP = `packbench web: the Packbench UI and station in a browser, served on 127.0.0.1.

Usage: npm run web -- [--demo] [--port N] [--data-dir DIR] [--delivery-url URL]
                      [--label-printer tcp://HOST:PORT] [--document-printer tcp://HOST:PORT|file:DIR]

  --demo            built-in nShift simulator and virtual label printer; prints the sample order numbers
  --port N          port on 127.0.0.1 (default 5173; 0 picks a free one)
  --host ADDR       address to bind (default 127.0.0.1; anything else is refused unless --allow-remote)
  --data-dir DIR    journal, label cache, spool, settings and the encrypted API key
                    (default ~/.local/share/packbench; with --demo a fresh temporary folder)

The URL printed on start carries a random token that every API call must present.
The API key is entered in Settings and stored encrypted (key from PACKBENCH_VAULT_KEY or a private key file);
so are the optional nShift Checkout client credentials (Settings, nShift Checkout).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      port: { type: 'string', default: '5173' },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-remote': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'delivery-url': { type: 'string' },
      'label-printer': { type: 'string' },
      'document-printer': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('--port must be a number from 0 to 65535');
  const host = values.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(host) && !values['allow-remote']) {
    throw new Error(
      `binding to ${host} would expose the station to the network: add --allow-remote if you really mean it`,
    );
  }
  const log = (line: string): void => {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };

  const demo = values.demo ? await (await import('../shared/demo')).startDemo({ log }) : undefined;
  const dataDir = values['data-dir'] ?? (demo ? await demoDataDir() : defaultDataDir());
  const station = await createStation({
    dataDir,
    host: 'web',
    version: PACKBENCH_VERSION,
    demo: Boolean(demo),
    ...demo?.stationOptions,
    settingsStore: createFileSettingsStore(dataDir),
    vault: demo ? createMemoryVault(demo.apiKey) : createFileVault(dataDir),
    checkoutVault: demo
      ? createMemoryVault(demo.checkout.key)
      : createFileVault(dataDir, process.env, 'checkout'),
    overrides: overridesFromFlags(
      {
        ...(values['delivery-url'] ? { deliveryUrl: values['delivery-url'] } : {}),
        ...(values['label-printer'] ? { labelPrinter: values['label-printer'] } : {}),
        ...(values['document-printer'] ? { documentPrinter: values['document-printer'] } : {}),
      },
      demo,
      dataDir,
    ),
    log,
  });
  for (const warning of station.startupWarnings) log(warning);

  const here = dirname(fileURLToPath(import.meta.url));
  const web = await startWebHost({
    station,
    rendererDir: join(here, '..', 'renderer'),
    host,
    port,
    log,
    ...(demo
      ? {
          demoControls: {
            'printer/offline': async () => demo.zebra.offline(),
            'printer/online': async () => demo.zebra.online(),
            labels: async () => demo.zebra.labels().map((label) => label.toString('latin1')),
            // What the follower's timer does every second, awaited: after it, a test knows whether the
            // station read the feed at the simulator's current time. A second check starts after any that ran.
            'status-events/tick': async () => {
              await station.statusEvents.tick();
              await station.statusEvents.tick();
            },
          },
        }
      : {}),
  });
  process.stdout.write(`Packbench ${PACKBENCH_VERSION} is running.\nOpen ${web.openUrl}\n`);
  if (demo) {
    process.stdout.write(
      `Demo mode: nShift simulator and a virtual label printer (tcp://${demo.zebra.host}:${demo.zebra.port}).\nScan or type one of these:\n`,
    );
    for (const sample of demo.samples)
      process.stdout.write(`  ${sample.code.padEnd(14)} ${sample.description}\n`);
  }

  const stop = async (): Promise<void> => {
    await web.close();
    await station.close();
    await demo?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  return 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`packbench web: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
