import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createFileSettingsStore } from '../../settings/file-store';
import { createEnvVault, createMemoryVault } from '../../settings/file-vault';
import { createStation, type Station } from '../../station/station';
import { defaultDataDir, demoDataDir } from '../shared/data-dir';
import { overridesFromFlags, type StationFlags } from '../shared/overrides';
import { PACKBENCH_VERSION } from '../shared/version';
import { HeadlessEventMapper, type HeadlessEvent } from './contract-events';
import { runCommand } from './commands';

const HELP = `packbench-headless: book and print from scans on stdin; JSON-lines events on stdout.

Usage:
  packbench-headless [--demo] [--delivery-url URL] [--checkout-url URL] [--checkout-auth-url URL]
                     [--label-printer tcp://HOST:PORT]
                     [--document-printer tcp://HOST:PORT|file:DIR] [--media thermo-190]
                     [--charset cp850|UTF8] [--data-dir DIR]

Options:
  --demo               start the built-in nShift simulator and a virtual label printer in-process;
                       the sample order numbers are printed on stderr
  --delivery-url URL   nShift Delivery base URL (default: from settings, else https://api.unifaun.com/rs-extapi/v1)
  --checkout-url URL   nShift Checkout base URL (default: from settings, else https://api.nshiftportal.com/checkout)
  --checkout-auth-url URL
                       nShift Checkout's identity service (default: from settings, else
                       https://account.nshiftportal.com)
  --label-printer URL  the ZPL label printer, tcp://HOST:PORT (default: from settings)
  --document-printer   where PDFs go (manifests, waybills, A4 documents): tcp://HOST:PORT or file:DIR;
                       default: the folder "documents" in the data directory
  --media MEDIA        label media of the ZPL target (default thermo-190)
  --charset CHARSET    ZPL charset: cp850 (default) or UTF8
  --hold-after SECONDS a label the printer has not taken after this long is held (never printed later,
                       onto the wrong parcel) and reported as held + failed; default: the spool TTL of the
                       settings (10 minutes). Print-and-apply lines want a few seconds.
  --data-dir DIR       journal, label cache, spool and settings (default: ~/.local/share/packbench;
                       with --demo a fresh temporary folder)
  -h, --help           this text
  -v, --version        the version

The API key comes only from the environment: PACKBENCH_API_KEY_ID and PACKBENCH_API_KEY_SECRET.
Optional nShift Checkout client credentials: PACKBENCH_CHECKOUT_CLIENT_ID and
PACKBENCH_CHECKOUT_CLIENT_SECRET. With them, a scan that finds nothing in Delivery is looked up among
Checkout's partial shipments (failed codes checkout_not_created, checkout_not_in_delivery); without them
Checkout is never asked.

Input: one scan per line. Lines starting with ":" are commands:
  :reprint CODE    reprint the labels of a shipment, parcel or order number
  :cancel CODE     cancel the shipment (no confirmation prompt here)
  :manifest TYPE   create and print the end-of-day manifest of that type
Output: one JSON object per line: ready, booked, printed, held, failed, reprinted, cancelled, manifest,
warning (see the README). Logs go to stderr. At end of input, pending work finishes and the exit code is 0.`;

interface Flags extends StationFlags {
  demo: boolean;
  dataDir?: string;
}

function parseFlags(argv: string[]): Flags | 'help' | 'version' {
  const { values } = parseArgs({
    args: argv,
    options: {
      demo: { type: 'boolean', default: false },
      'delivery-url': { type: 'string' },
      'checkout-url': { type: 'string' },
      'checkout-auth-url': { type: 'string' },
      'label-printer': { type: 'string' },
      'document-printer': { type: 'string' },
      media: { type: 'string' },
      charset: { type: 'string' },
      'data-dir': { type: 'string' },
      'hold-after': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  const charset = values.charset;
  if (charset !== undefined && charset.toLowerCase() !== 'cp850' && charset.toLowerCase() !== 'utf8') {
    throw new Error(`--charset must be cp850 or UTF8, not "${charset}"`);
  }
  for (const flag of ['delivery-url', 'checkout-url', 'checkout-auth-url'] as const) {
    const value = values[flag];
    if (value !== undefined && !/^https?:\/\//.test(value))
      throw new Error(`--${flag} must be an http(s) URL`);
  }
  const holdAfter = values['hold-after'] === undefined ? undefined : Number(values['hold-after']);
  if (holdAfter !== undefined && !(holdAfter >= 3 && holdAfter <= 86_400))
    throw new Error('--hold-after must be seconds, from 3 to 86400');
  return {
    demo: values.demo ?? false,
    ...(holdAfter !== undefined ? { holdAfterSeconds: holdAfter } : {}),
    ...(values['delivery-url'] ? { deliveryUrl: values['delivery-url'] } : {}),
    ...(values['checkout-url'] ? { checkoutUrl: values['checkout-url'] } : {}),
    ...(values['checkout-auth-url'] ? { checkoutAuthUrl: values['checkout-auth-url'] } : {}),
    ...(values['label-printer'] ? { labelPrinter: values['label-printer'] } : {}),
    ...(values['document-printer'] ? { documentPrinter: values['document-printer'] } : {}),
    ...(values.media ? { media: values.media } : {}),
    ...(charset ? { charset: charset.toLowerCase() === 'utf8' ? 'UTF8' : 'cp850' } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  };
}

async function main(): Promise<number> {
  let flags: Flags | 'help' | 'version';
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`packbench-headless: ${(error as Error).message}\nTry --help.\n`);
    return 2;
  }
  if (flags === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (flags === 'version') {
    process.stdout.write(`${PACKBENCH_VERSION}\n`);
    return 0;
  }

  const log = (line: string): void => {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  const write = (event: HeadlessEvent): void => {
    process.stdout.write(`${JSON.stringify(event)}\n`);
  };

  // The simulator (and its PDF library) is loaded only for a demo: a production station never carries it.
  const demo = flags.demo ? await (await import('../shared/demo')).startDemo({ log }) : undefined;
  const dataDir = flags.dataDir ?? (demo ? await demoDataDir() : defaultDataDir());
  let station: Station;
  try {
    station = await createStation({
      dataDir,
      host: 'headless',
      version: PACKBENCH_VERSION,
      demo: Boolean(demo),
      ...demo?.stationOptions,
      settingsStore: createFileSettingsStore(dataDir),
      vault: demo ? createMemoryVault(demo.apiKey) : createEnvVault(),
      checkoutVault: demo ? createMemoryVault(demo.checkout.key) : createEnvVault(process.env, 'checkout'),
      overrides: overridesFromFlags(flags, demo, dataDir),
      concurrency: 1,
      log,
    });
  } catch (error) {
    log(`could not start: ${(error as Error).message}`);
    await demo?.stop();
    return 1;
  }

  const mapper = new HeadlessEventMapper();
  station.subscribe((event) => {
    if (event.type === 'job') for (const out of mapper.map(event.job)) write(out);
  });
  for (const message of station.startupWarnings) {
    log(message);
    write({ event: 'warning', message });
  }
  write({ event: 'ready', version: PACKBENCH_VERSION, dataDir });
  if (demo) {
    log('demo mode: the nShift simulator and a virtual label printer run in this process');
    for (const sample of demo.samples) log(`  sample: ${sample.code.padEnd(14)} ${sample.description}`);
  }

  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  // Scans are taken in the order they arrive; the station's own queue keeps labels in that order.
  let chain = Promise.resolve();
  for await (const line of lines) {
    if (line.trim() === '') continue;
    chain = chain.then(() => handleLine(station, line, log, write));
  }
  await chain;
  await station.whenIdle();
  await station.close();
  await demo?.stop();
  return 0;
}

async function handleLine(
  station: Station,
  line: string,
  log: (l: string) => void,
  write: (e: HeadlessEvent) => void,
): Promise<void> {
  try {
    if (line.startsWith(':')) {
      // A command acts on what the lines before it did: let those finish first, as the input order says.
      await station.whenIdle();
      await runCommand(station, line, write);
    } else await station.scan({ code: line });
  } catch (error) {
    log(`could not take "${line.slice(0, 64)}": ${(error as Error).message}`);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`packbench-headless: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
