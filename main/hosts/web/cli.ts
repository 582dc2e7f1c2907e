import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Station } from '../../station/station';
import type { Demo } from '../shared/demo';
import { chooseDataDir, dataDirLine } from '../shared/data-dir';
import { startDemoIn } from '../shared/demo-start';
import { explainOpeningFailure } from '../shared/data-dir-lock';
import { checkServiceUrlFlags, settingsLayers } from '../shared/overrides';
import { onStopSignal, Teardown, within } from '../shared/teardown';
import { PACKBENCH_VERSION } from '../shared/version';
import { startWebHost } from './server';
import { keptToken } from './kept-token';

const HELP = `packbench web: the Packbench UI and station in a browser, served on 127.0.0.1.

Usage: npm run web -- [--demo] [--port N] [--data-dir DIR] [--delivery-url URL]
                      [--label-printer tcp://HOST:PORT] [--document-printer tcp://HOST:PORT|file:DIR]

  --demo                  built-in nShift simulator and virtual label printer; prints the sample order
                          numbers
  --port N                port on 127.0.0.1 (default 5173; 0 picks a free one)
  --host ADDR             address to bind (default 127.0.0.1; anything else is refused unless --allow-remote)
  --data-dir DIR          journal, label cache, spool, settings and the encrypted API key
                          (default ~/.local/share/packbench; with --demo a fresh temporary folder,
                          removed when the demo ends); the folder in use is printed on stderr at start
  --delivery-url URL      nShift Delivery base URL (default: from Settings): https://, or plain http:// to this
                          computer only (the simulator)
  --label-printer URL     the ZPL label printer (a Zebra's raw port), tcp://HOST:PORT
  --document-printer URL  where PDFs go (manifests, waybills, A4 documents): tcp://HOST:PORT, a network
                          printer's raw port (AppSocket/JetDirect, 9100) that takes PDFs, or file:DIR
  --keep-token            keep the access token in the data folder (web-token, readable by this user only)
                          and use it at every start with this flag, so a kiosk's address survives restarts
  --rotate-token          make a new kept token at this start (implies --keep-token): the old address is
                          refused from now on
  The URL and printers given here are used for this run only, never saved to Settings.

The URL printed on start carries a token that every API call must present: a new random one at every
start, or with --keep-token the one kept in the data folder (anyone who can read that file or the URL can
use this station from this computer: see docs/security.md).
The API key is entered in Settings and stored encrypted (key from PACKBENCH_VAULT_KEY, through scrypt, or a
private key file); so are the optional nShift Checkout client credentials (Settings, nShift Checkout). Each is
sent only to the addresses it was entered for: after another address is set (in Settings or with
--delivery-url), it is entered again.`;

function parseFlags() {
  return parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      port: { type: 'string', default: '5173' },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-remote': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'delivery-url': { type: 'string' },
      'label-printer': { type: 'string' },
      'document-printer': { type: 'string' },
      'keep-token': { type: 'boolean', default: false },
      'rotate-token': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}

async function main(): Promise<number | 'running'> {
  const { values } = parseFlags();
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('--port must be a number from 0 to 65535');
  checkServiceUrlFlags({ 'delivery-url': values['delivery-url'] });
  const host = values.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(host) && !values['allow-remote']) {
    throw new Error(
      `binding to ${host} would expose the station to the network: add --allow-remote if you really mean it`,
    );
  }
  const log = (line: string): void => {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  // Its log and its start banner are for a person: a line that cannot be written (the terminal gone, the reader of
  // a pipe closed) is lost, not fatal to the station serving the packer's page.
  process.stderr.on('error', () => {});
  process.stdout.on('error', () => {});

  // Everything started below is stopped again, in reverse, when start-up fails or a signal ends the run.
  const teardown = new Teardown(log);
  // Listening for stop signals comes first: a signal during start-up, or just after the URL is printed, still
  // stops what was started (no simulator left listening, no demo folder left behind).
  // SIGHUP too: a web host started from a terminal or an SSH session that closes stops in order, as on SIGTERM,
  // instead of being ended mid-job by the signal's default (docs/web-host.md).
  onStopSignal(() => {
    void teardown.run().finally(() => process.exit(0));
  }, ['SIGINT', 'SIGTERM', 'SIGHUP']);
  try {
    await start(values, { host, port, log, teardown });
  } catch (error) {
    process.stderr.write(`packbench web: ${startFailure(error, host, port)}\n`);
    await teardown.run();
    return 1;
  }
  return 'running';
}

type Values = ReturnType<typeof parseFlags>['values'];

async function start(
  values: Values,
  {
    host,
    port,
    log,
    teardown,
  }: { host: string; port: number; log: (line: string) => void; teardown: Teardown },
): Promise<void> {
  const folder = await chooseDataDir(values['data-dir'], Boolean(values.demo), teardown);
  const { dataDir } = folder;
  log(dataDirLine(folder));
  const keepToken = Boolean(values['keep-token'] || values['rotate-token']);
  if (keepToken && folder.temporary)
    throw new Error(
      "--keep-token keeps the token in the data folder, and a demo's own folder is removed when it ends: give --data-dir DIR",
    );
  const token = keepToken
    ? await keptToken(dataDir, { rotate: Boolean(values['rotate-token']), log })
    : undefined;
  // The simulator (and its PDF library) is loaded only for a demo: a production station never carries it.
  const demo = values.demo ? await startDemoIn(folder, log, teardown) : undefined;
  // Before anything is served: a wrong printer flag is refused without a URL ever being printed.
  const overrides = settingsLayers(
    {
      ...(values['delivery-url'] ? { deliveryUrl: values['delivery-url'] } : {}),
      ...(values['label-printer'] ? { labelPrinter: values['label-printer'] } : {}),
      ...(values['document-printer'] ? { documentPrinter: values['document-printer'] } : {}),
    },
    demo,
    dataDir,
  );

  // The page is served before the station has opened: the browser loads and compiles the UI while this process
  // loads the station's code and its journal, and the page's first calls wait for the station.
  let openWith!: (station: Promise<Station>) => void;
  const opening = new Promise<Station>((resolve) => (openWith = resolve));
  let started = false;
  // A station finishing a long print must not hold Ctrl+C for minutes: its journal makes stopping safe. One
  // that never opened (or was never started: the port was taken) has nothing to close; start() reports why.
  teardown.add('the station', () =>
    started
      ? opening.then(
          (station) => within(station.close(), 5000),
          () => undefined,
        )
      : undefined,
  );
  const here = dirname(fileURLToPath(import.meta.url));
  const web = await startWebHost({
    station: opening,
    rendererDir: join(here, '..', 'renderer'),
    host,
    port,
    ...(token ? { token } : {}),
    log,
    ...(demo ? { demoControls: demoControls(demo, opening) } : {}),
  });
  teardown.add('the web server', () => web.close());
  process.stdout.write(`Packbench ${PACKBENCH_VERSION} is running.\nOpen ${web.openUrl}\n`);

  started = true;
  openWith(
    import('./open-station')
      .then(({ openStation }) => openStation({ dataDir, demo, overrides, log }))
      .catch((error: unknown) => {
        throw explainOpeningFailure(error, dataDir);
      }),
  );
  const station = await opening;
  for (const warning of station.startupWarnings) log(warning.message);
  if (demo) {
    process.stdout.write(
      `Demo mode: nShift simulator and a virtual label printer (tcp://${demo.zebra.host}:${demo.zebra.port}).\n`,
    );
    if (!values['document-printer'])
      process.stdout.write(`PDFs (manifests, waybills) are written to ${join(dataDir, 'documents')}\n`);
    // Printed once the station is open: scripts and tests wait for this line before the first scan.
    process.stdout.write('Scan or type one of these:\n');
    for (const sample of demo.samples)
      process.stdout.write(`  ${sample.code.padEnd(14)} ${sample.description}\n`);
  }
}

/** The demo's printer and clock, for tests to drive (under /api/_demo/, token-guarded like every call). */
function demoControls(demo: Demo, opening: Promise<Station>): Record<string, () => Promise<unknown>> {
  return {
    // The UI's switch (setDemoPrinterFault) under the tests' old names, so the switch shows what the printer does.
    'printer/offline': async () => (await opening).setDemoPrinterFault({ fault: 'offline' }),
    'printer/online': async () => (await opening).setDemoPrinterFault({ fault: 'none' }),
    labels: async () => demo.zebra.labels().map((label) => label.toString('latin1')),
    // What the follower's timer does every second, awaited: after it, a test knows whether the
    // station read the feed at the simulator's current time. A second check starts after any that ran.
    'status-events/tick': async () => {
      const station = await opening;
      await station.statusEvents.tick();
      await station.statusEvents.tick();
    },
  };
}

/** A failed start in words that say what to do: a port that is taken names --port. */
function startFailure(error: unknown, host: string, port: number): string {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  // Only the server's own listen is about the port: an EACCES of the data folder is that folder's (in words).
  if (syscall !== 'listen') return error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already taken (another Packbench or another program listens there): stop that one, or start on another port with --port N (--port 0 picks a free one).`;
  if (code === 'EACCES')
    return `this user may not listen on port ${port} on ${host}: start on another port with --port N (above 1023; --port 0 picks a free one).`;
  if (code === 'EADDRNOTAVAIL')
    return `${host} is not an address of this machine: choose another with --host.`;
  return error instanceof Error ? error.message : String(error);
}

main().then(
  (outcome) => {
    if (outcome === 'running') return;
    process.exitCode = outcome;
    // A failed start exits at once, whatever a library may still hold open after the teardown.
    if (outcome !== 0) process.exit(outcome);
  },
  (error: unknown) => {
    process.stderr.write(`packbench web: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
