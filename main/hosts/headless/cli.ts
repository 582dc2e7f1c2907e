import { parseArgs } from 'node:util';
import { createFileSettingsStore } from '../../settings/file-store';
import { createEnvVault, createMemoryVault } from '../../settings/file-vault';
import type { Failure, SpoolJobState } from '../../../preload/api';
import { detailed, failureOf } from '../../station/failures';
import { MAX_SCAN_LENGTH, scanRefused } from '../../station/scan-code';
import { createStation, type Station } from '../../station/station';
import { chooseDataDir, dataDirLine } from '../shared/data-dir';
import { startDemoIn } from '../shared/demo-start';
import { explainOpeningFailure } from '../shared/data-dir-lock';
import { parsePrinterUrl } from '../shared/printer-url';
import type { Demo } from '../shared/demo';
import { checkServiceUrlFlags, settingsLayers, type StationFlags } from '../shared/overrides';
import { onStopSignal, SIGNAL_EXIT_CODES, Teardown, within } from '../shared/teardown';
import { PACKBENCH_VERSION } from '../shared/version';
import { HeadlessEventMapper, type HeadlessEvent } from './contract-events';
import { runCommand } from './commands';
import { boundedLines } from './input-lines';
import { eventOutput } from './output';

/**
 * The longest line stdin may carry: a scan is at most 128 characters, so anything near 1 MB is a scanner or script
 * that sends no newline. Up to it a line is read and refused by the station's own scan rules (with its length);
 * beyond it the line is refused without being held (input-lines.ts).
 */
const MAX_LINE_BYTES = 1024 * 1024;

/**
 * How many scans and commands may wait for the job in hand before the host reads another line: a conveyor's next
 * parcels and a script's burst, without holding a whole file in memory (docs/headless.md, "Input: stdin").
 */
const READ_AHEAD = 32;
/** The exit code when stdout cannot be written (its reader closed the pipe, its disk is full): SIGPIPE's, 128 + 13. */
const STDOUT_LOST_EXIT = 141;
/** How long a stopped host waits for a slow reader to take the lines it wrote, before it exits all the same. */
const STOP_FLUSH_MS = 5000;
/** How long a stop waits for the job in hand to finish before the host exits and leaves it to the next start. */
const STOP_JOB_MS = 5000;

const HELP = `packbench-headless: book and print from scans on stdin; JSON-lines events on stdout.

Usage:
  packbench-headless [--demo] [--delivery-url URL] [--checkout-url URL] [--checkout-auth-url URL]
                     [--label-printer tcp://HOST:PORT|file:DIR]
                     [--document-printer tcp://HOST:PORT|file:DIR] [--media MEDIA]
                     [--charset cp850|UTF8] [--data-dir DIR] [--hold-after SECONDS]
                     [--manifest-type TYPE]...
  packbench-headless -h|--help
  packbench-headless -v|--version

Options:
  --demo               start the built-in nShift simulator and a virtual label printer in-process;
                       the sample order numbers are printed on stderr
  --delivery-url URL   nShift Delivery base URL (default: from settings, else https://api.unifaun.com/rs-extapi/v1)
  --checkout-url URL   nShift Checkout base URL (default: from settings, else https://api.nshiftportal.com/checkout)
  --checkout-auth-url URL
                       nShift Checkout's identity service (default: from settings, else
                       https://account.nshiftportal.com)
                       These three are https://, or plain http:// to this computer only (the simulator).
  --label-printer URL  the ZPL label printer (a Zebra's raw port), tcp://HOST:PORT, or file:DIR to write the
                       labels to a folder (default: from settings). With no label printer from either, every
                       scan is refused (failed, code no_printer) before anything is booked
  --document-printer   where PDFs go (manifests, waybills, A4 documents): tcp://HOST:PORT, a network
                       printer's raw port (AppSocket/JetDirect, 9100) that takes PDFs, or file:DIR;
                       default: the settings' document printer, else the folder "documents" in the data
                       directory. A relative file:DIR (either printer flag) is a folder in the data directory
  --media MEDIA        label media of the ZPL print target (default: the ZPL target's in settings, else
                       thermo-190)
  --charset CHARSET    ZPL charset, cp850 or UTF8 (default: the ZPL target's in settings, else cp850)
  --hold-after SECONDS a label the printer has not taken after this long is held (never printed later,
                       onto the wrong parcel) and reported as held + failed; default: the spool TTL of the
                       settings (10 minutes). Print-and-apply lines want a few seconds.
  --manifest-type TYPE a manifest type ":manifest" accepts; give it once per type (1 to 40 characters, at
                       most 20 types; default: the settings' manifest types, else PNL). Any other type is
                       refused before nShift makes it.
  --data-dir DIR       journal, label cache, spool and settings (default: $PACKBENCH_DATA_DIR, else
                       $XDG_DATA_HOME/packbench or ~/.local/share/packbench; on macOS ~/Library/Application
                       Support/Packbench, on Windows %APPDATA%\\Packbench; with --demo a fresh temporary
                       folder, removed when the run ends); the folder in use is printed on stderr at start
  -h, --help           this text
  -v, --version        the version

The API key comes only from the environment: PACKBENCH_API_KEY_ID and PACKBENCH_API_KEY_SECRET.
Optional nShift Checkout client credentials: PACKBENCH_CHECKOUT_CLIENT_ID and
PACKBENCH_CHECKOUT_CLIENT_SECRET. Each goes only to the addresses this run starts with (the key to the
Delivery URL, the credentials to the Checkout and identity-service URLs), never to another. With them, a web
shop's order number that no order or stored shipment matches is looked up among Checkout's partial shipments,
and their prepared shipments in Delivery are booked; a scan that finds nothing is explained (failed codes
checkout_not_created, checkout_not_in_delivery). Without them Checkout is never asked.

Input: one scan per line (a line longer than 1 MB is not read: it gets a failed line, code invalid_scan);
blank lines are skipped, with no event. At most 32 scans and commands wait for the job in hand; the rest of
the input is read as they start. Lines starting with ":" are commands (the name in any case; whitespace or a
byte order mark before the ":" is dropped):
  :reprint CODE    reprint the labels of a shipment, parcel or order number
  :cancel CODE     cancel the shipment with that shipment or parcel number (no confirmation prompt here); an
                   order number only when it has one live shipment (several: refused, their numbers named)
  :manifest TYPE   create and print the end-of-day manifest of that type (one of --manifest-type)
Output: one JSON object per line: ready, booked, printed, held, failed, reprinted, cancelled, manifest,
warning (see docs/headless.md). Every failed line has a jobId and a message that says what happened and what to
do here (":reprint CODE", a flag, an environment variable). Logs go to stderr. At end of input, pending work
finishes and the exit code is 0; SIGINT/SIGTERM/SIGHUP stop it (exit 130/143/129; scans and commands read
but not started fail, nothing of them booked; lines not read yet get no line), and so does a stdout that
cannot be written (its reader closed it, or its disk is full: exit 141); a usage error exits 2 before anything
starts (an unknown flag, a bad or empty flag value, an argument), and a failed start exits 1, as does a stdin
that cannot be read (once the lines read before have finished).`;

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
      'manifest-type': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  // A flag given with no value (`--data-dir ''`, `--media=`) is a mistake in the command line, not "use the
  // default": refused like any other bad value, whichever flag it is.
  for (const [flag, value] of Object.entries(values)) {
    const given = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    if (given.some((v) => v.trim() === ''))
      throw new Error(`--${flag} needs a value: it was given an empty one`);
  }
  const charset = values.charset;
  if (charset !== undefined && charset.toLowerCase() !== 'cp850' && charset.toLowerCase() !== 'utf8') {
    throw new Error(`--charset must be cp850 or UTF8, not "${charset}"`);
  }
  checkServiceUrlFlags({
    'delivery-url': values['delivery-url'],
    'checkout-url': values['checkout-url'],
    'checkout-auth-url': values['checkout-auth-url'],
  });
  // Printer URLs are checked here with the other flags (a usage error, exit 2), before a demo starts; the station
  // parses them again at start, relative to the data folder it then knows.
  const labelPrinter = values['label-printer'];
  if (labelPrinter !== undefined && !/^(tcp:\/\/|file:)/.test(labelPrinter))
    throw new Error(
      `--label-printer must be tcp://HOST:PORT (a Zebra's raw port) or file:DIR, not "${labelPrinter}"`,
    );
  for (const [flag, role] of [
    ['label-printer', 'label'],
    ['document-printer', 'document'],
  ] as const) {
    const url = values[flag];
    if (url === undefined) continue;
    try {
      parsePrinterUrl(url, role, role, role, process.cwd());
    } catch (error) {
      throw new Error(`--${flag}: ${(error as Error).message}`, { cause: error });
    }
  }
  const manifestTypes = values['manifest-type'] ?? [];
  // The settings' own bounds (main/settings/schema.ts): 1 to 40 characters each, at most 20 types.
  const badType = manifestTypes.find((t) => t.trim().length === 0 || t.length > 40);
  if (badType !== undefined)
    throw new Error(`--manifest-type "${badType}" must be 1 to 40 characters (e.g. PNL)`);
  if (manifestTypes.length > 20) throw new Error('--manifest-type may be given at most 20 times');
  const holdAfter = values['hold-after'] === undefined ? undefined : Number(values['hold-after']);
  if (holdAfter !== undefined && !(holdAfter >= 3 && holdAfter <= 86_400))
    throw new Error('--hold-after must be seconds, from 3 to 86400');
  return {
    demo: values.demo ?? false,
    ...(holdAfter !== undefined ? { holdAfterSeconds: holdAfter } : {}),
    ...(manifestTypes.length ? { manifestTypes } : {}),
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
  // A log line that cannot be written (stderr's reader gone, as with `2>&1 | gateway`) is lost, not fatal: only
  // stdout carries the contract (output.ts), and its own failure stops the host.
  process.stderr.on('error', () => {});

  // Everything started below is stopped again, in reverse: at the end of input, on a signal, or when start-up
  // fails half way (no simulator left listening, no demo folder left behind).
  const teardown = new Teardown(log);
  // Listening for stop signals comes first: a signal that arrives during start-up, or just after `ready` (a
  // supervisor may stop the host as soon as it reads that line), still stops what was started, and exits 130/143.
  let stopInput = (): void => {};
  let stopped = false;
  let signalled = (): void => {};
  const stopSignal = new Promise<void>((resolve) => (signalled = resolve));
  // A signal, or a stdout that can no longer be written: the first of them stops the host and sets its exit code.
  const stopWith = (why: string, code: number): void => {
    if (stopped) return;
    log(`${why}: stopping`);
    stopped = true;
    signalled();
    stopInput();
    void teardown
      .run()
      .then(() => output.flushed(STOP_FLUSH_MS, log))
      .finally(() => process.exit(code));
  };
  const output = eventOutput(process.stdout, (error) =>
    stopWith(`stdout cannot be written (${error.message})`, STDOUT_LOST_EXIT),
  );
  const write = (event: HeadlessEvent): void => output.write(event);
  // SIGHUP too: a host started from a terminal or an SSH session that closes stops as on SIGTERM (docs/headless.md).
  onStopSignal((signal) => stopWith(signal, SIGNAL_EXIT_CODES[signal]), ['SIGINT', 'SIGTERM', 'SIGHUP']);
  let station: Station;
  let dataDir: string;
  let demo: Demo | undefined;
  try {
    const folder = await chooseDataDir(flags.dataDir, flags.demo, teardown);
    dataDir = folder.dataDir;
    log(dataDirLine(folder));
    // The simulator (and its PDF library) is loaded only for a demo: a production station never carries it.
    if (flags.demo) demo = await startDemoIn(folder, log, teardown);
    station = await createStation({
      dataDir,
      host: 'headless',
      version: PACKBENCH_VERSION,
      demo: Boolean(demo),
      ...demo?.stationOptions,
      settingsStore: createFileSettingsStore(dataDir),
      vault: demo ? createMemoryVault(demo.apiKey) : createEnvVault(),
      checkoutVault: demo ? createMemoryVault(demo.checkout.key) : createEnvVault(process.env, 'checkout'),
      overrides: settingsLayers(flags, demo, dataDir, { labelToFile: true }),
      concurrency: 1,
      log,
    }).catch((error: unknown) => {
      throw explainOpeningFailure(error, folder.dataDir);
    });
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    await teardown.run();
    return 1;
  }
  const running = station;
  // Scans are taken in the order they arrive; the station's own queue keeps labels in that order.
  let chain = Promise.resolve();
  teardown.add('the station', async () => {
    // Runs first on a signal: no job that has not started asking nShift starts any more. Each scan or command
    // read and still waiting fails (journalled, so a restart does not book it either), with its failed line.
    await running.stopStarting();
    // A station finishing its job in hand (a label waiting out --hold-after) must not hold a stop signal for
    // minutes: the journal makes stopping at any point safe, and a restart finishes what was left.
    const closed = await within(
      chain.then(() => running.close()).then(() => true),
      STOP_JOB_MS,
    );
    // Said, since stdout shows only a `booked` line for it: the operator knows the restart is what ends it.
    if (!closed)
      log(
        `the job in hand did not finish within ${STOP_JOB_MS / 1000} s of the stop (a printer still taking its label?): the journal ` +
          'keeps it, and the next start on this data folder finishes it and reports it (a label that may have ' +
          'printed is held, never printed again unasked)',
      );
  });

  // `ready` is the first line (docs/headless.md): the warnings the start found come right after it, then the
  // lines of jobs a restart resumes, which may run while the station's name is being read: held until then.
  const mapper = new HeadlessEventMapper();
  let beforeReady: HeadlessEvent[] | undefined = [];
  station.subscribe((event) => {
    if (event.type !== 'job') return;
    for (const out of mapper.map(event.job)) {
      if (beforeReady) beforeReady.push(out);
      else write(out);
    }
  });
  const { stationName } = await station.getStatus();
  write({ event: 'ready', version: PACKBENCH_VERSION, dataDir, station: stationName });
  for (const { message, code } of station.startupWarnings) {
    log(message);
    write({ event: 'warning', message, code });
  }
  for (const out of beforeReady) write(out);
  beforeReady = undefined;
  if (demo) {
    log('demo mode: the nShift simulator and a virtual label printer run in this process');
    for (const sample of demo.samples) log(`  sample: ${sample.code.padEnd(14)} ${sample.description}`);
  }

  stopInput = () => process.stdin.destroy();
  const stop = { stopped: () => stopped, signal: stopSignal };
  let inputBroken = false;
  try {
    for await (const item of boundedLines(process.stdin, MAX_LINE_BYTES)) {
      // Stopped: the lines not taken yet stay unread (docs/headless.md); those taken each get their failed line.
      if (stopped) break;
      if ('overlong' in item) {
        const { overlong } = item;
        chain = chain.then(() => refuseOverlong(running, overlong, log));
      } else {
        const { line } = item;
        if (line.trim() === '') continue;
        chain = chain.then(() => handleLine(running, line, log, stop));
      }
      // The next line is read once this one is the station's and fewer than READ_AHEAD jobs wait to start: a
      // file of any size is taken a few lines at a time (it used to be read whole, each line journalled and held,
      // and a stop then left the lines it had no time to refuse without an answer).
      await Promise.race([chain.then(() => running.whenFewerWaiting(READ_AHEAD)), stopSignal]);
    }
  } catch (error) {
    // A stop signal ends the input by destroying it: that is the end of input, not a failure. Any other read error
    // (a socket reset under stdin, EIO from a terminal gone) used to end the host at once, mid-booking: now the
    // input ends there, the lines read finish as at the end of input, and the exit code says it was not a clean end.
    if (!stopped) {
      inputBroken = true;
      log(
        `stdin cannot be read (${error instanceof Error ? error.message : String(error)}): no more lines are taken`,
      );
    }
  }
  await chain;
  await station.whenIdle();
  await documentsSettled(station, stopSignal);
  await teardown.run();
  if (!inputBroken) return 0;
  await output.flushed(STOP_FLUSH_MS, log);
  return 1;
}

const ON_THEIR_WAY: ReadonlySet<SpoolJobState> = new Set(['queued', 'sending']);

/**
 * Until no document is on its way to a printer (queued or being sent): printed, held or failed, each with its
 * line. A restart's resumed labels have no job of this run waiting for them, so `whenIdle` alone would end the
 * run with them still queued (docs/headless.md: a restart finishes and reports what was left). Bounded by
 * `--hold-after`, after which the spool holds what a printer has not taken; a stop signal ends the wait.
 */
async function documentsSettled(station: Station, stopSignal: Promise<void>): Promise<void> {
  let settled = (): void => {};
  const done = new Promise<void>((resolve) => (settled = resolve));
  const check = async (): Promise<void> => {
    const spool = await station.listSpool();
    if (!spool.some((job) => ON_THEIR_WAY.has(job.state))) settled();
  };
  // Listening before the first look: a document that settles in between is not missed.
  const unsubscribe = station.subscribe((event) => {
    if (event.type === 'spool') void check();
  });
  try {
    await check();
    await Promise.race([done, stopSignal]);
  } finally {
    unsubscribe();
  }
}

async function handleLine(
  station: Station,
  line: string,
  log: (l: string) => void,
  stop: { stopped: () => boolean; signal: Promise<void> },
): Promise<void> {
  // A command may follow a byte order mark (a file saved by Notepad; trimStart drops U+FEFF) or an indent: it
  // used to go to nShift as an order number, ":manifest PNL" answered with "the web shop has not created it".
  const command = line.trimStart();
  try {
    if (command.startsWith(':')) {
      // A command acts on what the lines before it did: let those finish first, as the input order says (a
      // stop signal ends the wait: the command is then refused, not run).
      await Promise.race([station.whenIdle(), stop.signal]);
      await runCommand(station, command, { stopped: stop.stopped });
    } else if ((await station.getStatus()).labelPrinterId === undefined) {
      // As the Scan screen does: with no printer for its label, a scan is refused before anything is booked (the
      // label would otherwise go to the documents folder as a file, on a line that expects it on the parcel).
      await station.recordFailure({ kind: 'scan', scan: line, failure: noLabelPrinter() });
    } else await station.scan({ code: line });
  } catch (error) {
    log(`could not take "${line.slice(0, 64)}": ${(error as Error).message}`);
  }
}

/** A scan refused because no printer takes this station's labels: nothing was booked. */
function noLabelPrinter(): Failure {
  return failureOf(
    'no_label_printer',
    'No label printer is set up on this station, so the scan was not taken: nothing was booked.',
    {},
  );
}

/** A line too long to be a scan or a command: one `failed` line (invalid_scan), journalled, and on to the next. */
async function refuseOverlong(
  station: Station,
  { bytes, head }: { bytes: number; head: string },
  log: (l: string) => void,
): Promise<void> {
  // The station's words for a long scan (scan-code.ts), with the length in bytes: the line was never decoded.
  const message =
    `The scan is ${bytes} bytes long; a code has at most ${MAX_SCAN_LENGTH} characters, and a line over ` +
    `${MAX_LINE_BYTES / (1024 * 1024)} MB is not read. Several codes ran together, or the scanner sent more than ` +
    'the code: check that the scanner (or the program feeding this host) ends each scan with Enter, then scan again.';
  try {
    await station.recordFailure({
      kind: 'scan',
      scan: head,
      failure: scanRefused({
        message,
        detail: detailed('scan_too_long', { length: bytes, max: MAX_SCAN_LENGTH }),
      }),
    });
  } catch (error) {
    log(`could not refuse a line of ${bytes} bytes: ${(error as Error).message}`);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
    // A failed start exits at once, whatever a library may still hold open after the teardown.
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`packbench-headless: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
