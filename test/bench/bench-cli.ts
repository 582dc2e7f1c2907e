/**
 * `npm run bench` (after `npm run build`): scan to label against the floor, a wave, the headless footprint and
 * the UI overhead, against the simulator with a fixed latency per request and the virtual Zebra. Writes
 * `bench/results.json` and the table in `docs/benchmarks.md`, prints the table. Never fails on a number: the
 * exit code is 0 unless the bench itself could not run.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runExperiments, type ExperimentResult } from './experiments';
import { createFloor } from './floor';
import { runFootprint, headlessBuilt } from './footprint';
import { followJobs } from './job-waiter';
import { breakdown } from './profile';
import { breakdownTable, examples, experimentsTable, markdownTable, plainTable, tableRows, type BenchResults, type ScanFigures } from './report';
import { runScanToLabel, type ScanKind, type ScanSample } from './scan-to-label';
import { summarize } from './stats';
import { installTracer } from './trace';
import { chromiumPath, runUi } from './ui';
import { runWave } from './wave';
import { startWorld } from './world';

const HELP = `Usage: npm run bench -- [--quick] [--latency MS] [--scans N] [--wave N] [--skip ui,footprint]

Runs after \`npm run build\`. Writes bench/results.json and the table in docs/benchmarks.md.
  --quick       fewer samples (50 scans per kind, a wave of 100): a smoke run, not for the record
  --latency MS  latency the simulator adds to every request (default 40)
  --scans N     scans per kind and per side (default 200)
  --wave N      stored shipments in the wave (default 500)
  --skip LIST   leave out figures: ui, footprint
  --experiments also run the station with settings that leave out one suspected cost each (what-if figures)`;

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DOC_START = '<!-- bench:results:start -->';
const DOC_END = '<!-- bench:results:end -->';

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

function figures(samples: readonly ScanSample[], kind: ScanKind): ScanFigures {
  const pick = (side: ScanSample['side']) => samples.filter((s) => s.kind === kind && s.side === side);
  const st = pick('station');
  const fl = pick('floor');
  const di = pick('direct');
  const station = summarize(st.filter((s) => s.ok).map((s) => s.ms));
  const floor = summarize(fl.filter((s) => s.ok).map((s) => s.ms));
  const direct = summarize(di.filter((s) => s.ok).map((s) => s.ms));
  const meanBytes = (xs: ScanSample[]) => Math.round(xs.reduce((n, s) => n + s.labelBytes, 0) / Math.max(1, xs.length));
  return {
    station,
    floor,
    medianRatio: station.median / floor.median,
    p95Ratio: station.p95 / floor.p95,
    direct,
    failures: [...st, ...fl, ...di].filter((s) => !s.ok).length,
    labelBytes: { station: meanBytes(st), floor: meanBytes(fl) },
  };
}

async function writeDoc(results: BenchResults, table: string): Promise<void> {
  const path = join(REPO, 'docs/benchmarks.md');
  const generated = [
    DOC_START,
    `Last run: ${results.generatedAt}, ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}; ` +
      `latency ${results.options.latencyMs} ms per request, ${results.options.scans} scans per kind and side` +
      `${results.options.quick ? ' (**--quick**: not for the record)' : ''}; the run took ${Math.round(results.durationSec)} s.`,
    '',
    table,
    '',
    'Where the station’s time goes (means over the measured scans):',
    '',
    breakdownTable(results.hotPath),
    '',
    examples(results.hotPath),
    '',
    results.experiments ? `What-if runs (\`--experiments\`), medians over ${results.experiments[0]?.hotPath[0]?.scans ?? 0} scans per kind, an order and a stored shipment back to back (requests counted are all that overlap a scan, including the previous order's deferred history lookup):\n\n${experimentsTable(results.experiments)}\n` : '',
    results.jobListMs ? `Listing the day's ${results.jobListMs.jobs} jobs for the UI (listJobs, off the hot path since the duplicate check walks the jobs without copies) took ${results.jobListMs.ms.toFixed(1)} ms at the end of the run.` : '',
    DOC_END,
  ].join('\n');
  const current = existsSync(path) ? await readFile(path, 'utf8') : `# Benchmarks\n\n${DOC_START}\n${DOC_END}\n`;
  const start = current.indexOf(DOC_START);
  const end = current.indexOf(DOC_END);
  const next = start >= 0 && end > start ? current.slice(0, start) + generated + current.slice(end + DOC_END.length) : `${current.trimEnd()}\n\n${generated}\n`;
  await writeFile(path, next);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      latency: { type: 'string' },
      scans: { type: 'string' },
      wave: { type: 'string' },
      skip: { type: 'string', default: '' },
      experiments: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const quick = values.quick ?? false;
  const latencyMs = Number(values.latency ?? 40);
  const scans = Number(values.scans ?? (quick ? 50 : 200));
  const waveSize = Number(values.wave ?? (quick ? 100 : 500));
  const skip = new Set((values.skip ?? '').split(',').filter(Boolean));
  const began = performance.now();

  if (!headlessBuilt(REPO)) {
    say('dist/main is missing: run `npm run build` first.');
    return 2;
  }
  let uiSkip: string | undefined;
  if (skip.has('ui')) uiSkip = '--skip ui';
  else if (!existsSync(join(REPO, 'dist/renderer/index.html'))) {
    uiSkip = 'dist/renderer is missing (run `npm run build`)';
    say(`NOTE: ${uiSkip}: the browser figure is skipped; every other figure runs.`);
  } else if (!chromiumPath()) {
    uiSkip = 'no Chromium at /usr/bin/chromium (apt-get install chromium, or set PACKBENCH_CHROMIUM)';
    say(`NOTE: ${uiSkip}: the browser figure is skipped.`);
  }

  const experimentScans = values.experiments ? 22 : 0;
  const world = await startWorld({ latencyMs, scans, warmup: 10, wave: waveSize, headless: quick ? 50 : 200, experiments: experimentScans });
  const tracer = await installTracer(() => world.zebra.port);
  try {
    say(`simulator at ${world.deliveryBaseUrl} with ${latencyMs} ms per request; virtual Zebra at ${world.zebra.host}:${world.zebra.port}`);

    const { station } = await world.startStation(tracer.log);
    const jobs = followJobs(station);
    const floor = await createFloor({ deliveryBaseUrl: world.deliveryBaseUrl, apiKey: world.apiKey, printer: world.zebra });
    say(`scan → label: ${scans} scans per kind, station and floor interleaved…`);
    const samples = await runScanToLabel({
      station,
      jobs,
      floor,
      zebra: world.zebra,
      tracer,
      orders: { station: world.codes.stationOrders, floor: world.codes.floorOrders, direct: world.codes.directOrders, warm: world.codes.warmOrders },
      stored: { station: world.codes.stationStored, floor: world.codes.floorStored, direct: world.codes.directStored, warm: world.codes.warmStored },
      progress: (done, total) => {
        if (done % 50 === 0 || done === total) say(`  ${done}/${total}`);
      },
    });
    await floor.close();
    const listStarted = performance.now();
    const listed = await station.listJobs({ limit: 5000 });
    const jobListMs = { jobs: listed.length, ms: performance.now() - listStarted };
    jobs.stop();

    say(`wave: ${waveSize} stored shipments scanned at once…`);
    world.zebra.clearRecords();
    const waveStation = await world.startStation(tracer.log);
    const waveJobs = followJobs(waveStation.station);
    const wave = await runWave(waveStation.station, waveJobs, world.codes.wave, latencyMs, 1);
    waveJobs.stop();
    world.zebra.clearRecords();

    let experiments: ExperimentResult[] | undefined;
    if (experimentScans > 0) {
      say('experiments: the same scans with one suspected cost left out each…');
      experiments = await runExperiments(
        async (adjust) => (await world.startStation(tracer.log, adjust)).station,
        world.zebra,
        tracer,
        { orders: world.codes.experimentOrders, stored: world.codes.experimentStored },
        experimentScans,
      );
      world.zebra.clearRecords();
    }

    let footprint: BenchResults['footprint'];
    if (skip.has('footprint')) footprint = { skipped: '--skip footprint' };
    else {
      say('headless host: cold starts and peak RSS…');
      footprint = await runFootprint(
        { repoRoot: REPO, deliveryBaseUrl: world.deliveryBaseUrl, printer: world.zebra, apiKey: world.apiKey },
        quick ? 3 : 9,
        world.codes.headless,
      );
      world.zebra.clearRecords();
    }

    let ui: BenchResults['ui'];
    if (uiSkip) ui = { skipped: uiSkip };
    else {
      say('UI overhead in Chromium…');
      try {
        ui = await runUi(REPO, chromiumPath()!, quick ? 10 : 40, 3);
      } catch (error) {
        ui = { skipped: `the browser run failed: ${(error as Error).message.split('\n')[0]}` };
        say(`NOTE: ${ui.skipped}`);
      }
    }

    const cpu = cpus();
    const results: BenchResults = {
      generatedAt: new Date().toISOString(),
      machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpu.length, cpuModel: cpu[0]?.model.trim() ?? 'unknown' },
      options: { latencyMs, scans, wave: waveSize, quick },
      scanToLabel: { order: figures(samples, 'order'), stored: figures(samples, 'stored') },
      hotPath: [breakdown('stored', samples), breakdown('order', samples)],
      jobListMs,
      wave,
      footprint,
      ui,
      ...(experiments ? { experiments } : {}),
      durationSec: (performance.now() - began) / 1000,
    };
    const rows = tableRows(results);
    await mkdir(join(REPO, 'bench'), { recursive: true });
    await writeFile(join(REPO, 'bench/results.json'), `${JSON.stringify({ ...results, samples: samples.map(({ profile: _p, ...s }) => s) }, null, 2)}\n`);
    await writeDoc(results, markdownTable(rows));
    const experimentText = experiments ? `\n\n${experimentsTable(experiments)}` : '';
    process.stdout.write(`\n${plainTable(rows)}${experimentText}\n\n${breakdownTable(results.hotPath)}\n\n${examples(results.hotPath)}\n\nWrote bench/results.json and docs/benchmarks.md (${Math.round(results.durationSec)} s).\n`);
    return 0;
  } finally {
    await world.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
