/**
 * `npm run bench` (after `npm run build`): the station's figures against the nShift simulator with a fixed latency
 * per request and the virtual Zebra, each beside its target. Parts: scan (scan → label against the floor, where
 * slow scans' time went), wave, startup (a full day on disk), scale (a 50,000-entry local index), warehouse (ten
 * headless stations on one account), footprint (headless memory), ui (Chromium), reprint (with 60,000 documents
 * in the label cache), durability (fsyncs and bytes per scan), checkpoint (bytes over a paced day) and spool (what a print asks
 * the spool, by how much the day has printed). `--only` and `--skip` pick
 * parts; the figures of the parts that ran replace theirs in `bench/results.json` and the table in
 * `docs/benchmarks.md`. Never fails on a number: the exit code is 0 unless the bench itself could not run.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runCheckpoint } from './checkpoint';
import { runDurability } from './durability';
import { runExperiments } from './experiments';
import { createFloor } from './floor';
import { runFootprint, headlessBuilt } from './footprint';
import { followJobs } from './job-waiter';
import { breakdown } from './profile';
import {
  breakdownTable,
  examples,
  experimentsTable,
  markdownTable,
  plainTable,
  tableRows,
  tailTable,
  PART_NAMES,
  type BenchResults,
  type PartName,
  type ScanFigures,
} from './report';
import { runReprint } from './reprint';
import { runScale } from './scale';
import { runScanToLabel, type ScanKind, type ScanSample } from './scan-to-label';
import { runSpoolDay } from './spool-day';
import { runStartup } from './startup';
import { summarize } from './stats';
import { slowScans } from './tail';
import { installTracer } from './trace';
import { chromiumPath, runUi } from './ui';
import { runWarehouse } from './warehouse';
import { runWave } from './wave';
import { startWorld, type World } from './world';

const HELP = `Usage: npm run bench -- [--only PARTS] [--skip PARTS] [--quick] [--latency MS] [--scans N] [--wave N]

Runs after \`npm run build\`. Writes bench/results.json and the table in docs/benchmarks.md: the parts that ran
replace their figures there, the others keep theirs (each part says when it ran).
Parts: ${PART_NAMES.join(', ')} (all by default; experiments only when asked).
  --only LIST   run only these parts, e.g. --only startup or --only scan,warehouse
  --skip LIST   leave these parts out
  --quick       fewer samples everywhere: a smoke run, not for the record
  --latency MS  latency the simulator adds to every request (default 40)
  --scans N     scans per kind and per side in the scan part (default 200)
  --wave N      stored shipments in the wave (default 500)
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

async function readPrevious(): Promise<Partial<BenchResults['parts']>> {
  try {
    const previous = JSON.parse(await readFile(join(REPO, 'bench/results.json'), 'utf8')) as Partial<BenchResults>;
    return previous.parts ?? {};
  } catch {
    return {};
  }
}

async function writeDoc(results: BenchResults, table: string): Promise<void> {
  const path = join(REPO, 'docs/benchmarks.md');
  const scan = results.parts.scan;
  const ran = Object.entries(results.parts)
    .map(([name, part]) => `${name} ${part?.ranAt.slice(0, 16).replace('T', ' ')}${part?.quick ? ' (--quick)' : ''}`)
    .join(', ');
  const generated = [
    DOC_START,
    `Last run: ${results.generatedAt}, ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}; ` +
      `latency ${results.options.latencyMs} ms per request; the run took ${Math.round(results.durationSec)} s (${Object.entries(
        results.partSeconds,
      )
        .map(([name, s]) => `${name} ${Math.round(s)} s`)
        .join(', ')}). Parts and when they ran (UTC): ${ran}.`,
    '',
    table,
    '',
    scan ? `Where the station’s time goes (means over the ${scan.hotPath[0]?.scans ?? 0} measured scans of each kind):\n\n${breakdownTable(scan.hotPath)}\n` : '',
    scan ? `${tailTable(scan.tail)}\n` : '',
    scan ? `${examples(scan.hotPath)}\n` : '',
    scan?.experiments
      ? `What-if runs (\`--experiments\`), medians over ${scan.experiments[0]?.hotPath[0]?.scans ?? 0} scans per kind:\n\n${experimentsTable(scan.experiments)}\n`
      : '',
    DOC_END,
  ]
    .filter((l) => l !== '')
    .join('\n');
  const current = existsSync(path) ? await readFile(path, 'utf8') : `# Benchmarks\n\n${DOC_START}\n${DOC_END}\n`;
  const start = current.indexOf(DOC_START);
  const end = current.indexOf(DOC_END);
  const next = start >= 0 && end > start ? current.slice(0, start) + generated + current.slice(end + DOC_END.length) : `${current.trimEnd()}\n\n${generated}\n`;
  await writeFile(path, next);
}

function partList(value: string | undefined): PartName[] {
  const names = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!(PART_NAMES as readonly string[]).includes(n)) throw new Error(`unknown part "${n}" (parts: ${PART_NAMES.join(', ')})`);
  return names as PartName[];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      latency: { type: 'string' },
      scans: { type: 'string' },
      wave: { type: 'string' },
      only: { type: 'string' },
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
  const only = partList(values.only);
  const skip = new Set(partList(values.skip));
  const parts = new Set((only.length > 0 ? only : PART_NAMES).filter((p) => !skip.has(p)));
  const began = performance.now();
  const partSeconds: Partial<Record<PartName, number>> = {};

  if (!headlessBuilt(REPO)) {
    say('dist/main is missing: run `npm run build` first.');
    return 2;
  }
  let uiSkip: string | undefined;
  if (!existsSync(join(REPO, 'dist/renderer/index.html'))) uiSkip = 'dist/renderer is missing (run `npm run build`)';
  else if (!chromiumPath()) uiSkip = 'no Chromium at /usr/bin/chromium (apt-get install chromium, or set PACKBENCH_CHROMIUM)';
  if (uiSkip && (parts.has('ui') || parts.has('startup'))) say(`NOTE: ${uiSkip}: the browser figures are skipped.`);

  const experimentScans = values.experiments ? 22 : 0;
  const merged: Partial<BenchResults['parts']> = await readPrevious();
  const ranAt = (): string => new Date().toISOString();
  let world: World | undefined;
  const needWorld = ['scan', 'wave', 'footprint', 'startup'].some((p) => parts.has(p as PartName));
  if (needWorld) {
    world = await startWorld({
      latencyMs,
      scans: parts.has('scan') ? scans : 0,
      warmup: 10,
      wave: parts.has('wave') ? waveSize : 0,
      headless: parts.has('footprint') ? (quick ? 50 : 200) : 0,
      experiments: parts.has('scan') ? experimentScans : 0,
    });
    say(`simulator at ${world.deliveryBaseUrl} with ${latencyMs} ms per request; virtual Zebra at ${world.zebra.host}:${world.zebra.port}`);
  }
  const timed = async <T>(name: PartName, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      partSeconds[name] = (performance.now() - t) / 1000;
    }
  };
  const tracer = world ? await installTracer(() => world.zebra.port) : undefined;
  try {
    if (parts.has('scan') && world && tracer) {
      merged.scan = await timed('scan', async () => {
        const { station } = await world.startStation(tracer.log);
        const jobs = followJobs(station);
        const floor = await createFloor({ deliveryBaseUrl: world.deliveryBaseUrl, apiKey: world.apiKey, printer: world.zebra });
        say(`scan → label: ${scans} scans per kind, station and floor interleaved…`);
        const tracedBefore = tracer.requests.length;
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
        jobs.stop();
        // Order bookings' shipment numbers are looked up in the background, in batches; those still waiting are
        // looked up as the station closes, so every look-up of its order scans (warm-up included) is counted.
        await world.closeStation(station);
        const measuredOrders = samples.filter((s) => s.kind === 'order' && s.side === 'station' && s.profile);
        const orderNumbers = {
          lookups: tracer.requests.slice(tracedBefore).filter((r) => r.operation === 'history.search').length,
          orderScans: world.codes.stationOrders.length + Math.floor(world.codes.warmOrders.length / 2),
          // A background look-up that happens to overlap a scan is not one of the scan's own requests.
          onPath: summarize(measuredOrders.map((s) => s.profile!.requests.filter((r) => r.operation !== 'history.search').length)).mean,
        };
        let experiments;
        if (experimentScans > 0) {
          say('experiments: the same scans with one suspected cost left out each…');
          experiments = await runExperiments(
            async (adjust) => (await world.startStation(tracer.log, adjust)).station,
            world.zebra,
            tracer,
            { orders: world.codes.experimentOrders, stored: world.codes.experimentStored },
            experimentScans,
          );
        }
        world.zebra.clearRecords();
        await world.closeStations();
        return {
          ranAt: ranAt(),
          quick,
          scans,
          scanToLabel: { order: figures(samples, 'order'), stored: figures(samples, 'stored') },
          hotPath: [breakdown('stored', samples), breakdown('order', samples)],
          tail: slowScans(samples),
          orderNumbers,
          ...(experiments ? { experiments } : {}),
        };
      });
    }

    if (parts.has('wave') && world && tracer) {
      merged.wave = await timed('wave', async () => {
        say(`wave: ${waveSize} stored shipments scanned at once…`);
        world.zebra.clearRecords();
        const waveStation = await world.startStation(tracer.log);
        const waveJobs = followJobs(waveStation.station);
        const wave = await runWave(waveStation.station, waveJobs, world.codes.wave, latencyMs, 1);
        waveJobs.stop();
        world.zebra.clearRecords();
        await world.closeStations();
        return { ranAt: ranAt(), quick, ...wave };
      });
    }

    const target = world
      ? { repoRoot: REPO, deliveryBaseUrl: world.deliveryBaseUrl, printer: world.zebra, apiKey: world.apiKey }
      : undefined;
    if (parts.has('startup') && target) {
      merged.startup = await timed('startup', async () => {
        say('start-up: a full day on disk (2,000 scans, their label cache and spool)…');
        const result = await runStartup(target, {
          scans: 2000,
          starts: quick ? 3 : 9,
          ...(chromiumPath() ? { chromium: chromiumPath()! } : {}),
          ...(uiSkip ? { uiSkip } : {}),
        });
        return { ranAt: ranAt(), quick, ...result };
      });
    }

    if (parts.has('footprint') && target && world) {
      merged.footprint = await timed('footprint', async () => {
        say('headless host: peak RSS over a batch of scans…');
        const result = await runFootprint(target, quick ? 1 : 3, world.codes.headless);
        world.zebra.clearRecords();
        return { ranAt: ranAt(), quick, ...result };
      });
    }

    if (parts.has('scale')) {
      merged.scale = await timed('scale', async () => {
        say('scale: a local index of 50,000 open orders and 50,000 READY stored shipments…');
        return { ranAt: ranAt(), quick, ...(await runScale({ latencyMs, quick, log: say })) };
      });
    }

    if (parts.has('warehouse')) {
      merged.warehouse = await timed('warehouse', async () => {
        say('warehouse: ten headless stations on one account…');
        return { ranAt: ranAt(), quick, ...(await runWarehouse({ repoRoot: REPO, latencyMs, quick, log: say })) };
      });
    }

    if (parts.has('reprint')) {
      merged.reprint = await timed('reprint', async () => {
        say('reprint: empty label cache, then 60,000 documents in packs, then in an older version’s files…');
        return { ranAt: ranAt(), quick, ...(await runReprint({ repoRoot: REPO, latencyMs, quick, log: say })) };
      });
    }

    if (parts.has('durability')) {
      merged.durability = await timed('durability', async () => {
        say('durable writes per scan (fsyncs, renames, bytes)…');
        return { ranAt: ranAt(), quick, ...(await runDurability({ latencyMs, quick, log: say })) };
      });
    }

    if (parts.has('checkpoint')) {
      merged.checkpoint = await timed('checkpoint', async () => {
        say('checkpoint bytes over a paced day…');
        return { ranAt: ranAt(), quick, ...(await runCheckpoint({ quick, log: say })) };
      });
    }

    if (parts.has('spool')) {
      merged.spool = await timed('spool', async () => {
        say('what a print asks the spool, by how much the day has printed…');
        return { ranAt: ranAt(), quick, ...(await runSpoolDay({ quick, log: say })) };
      });
    }

    if (parts.has('ui')) {
      merged.ui = await timed('ui', async () => {
        if (uiSkip) return { ranAt: ranAt(), quick, skipped: uiSkip };
        say('UI overhead in Chromium…');
        try {
          return { ranAt: ranAt(), quick, ...(await runUi(REPO, chromiumPath()!, quick ? 10 : 40, 3)) };
        } catch (error) {
          const skipped = `the browser run failed: ${(error as Error).message.split('\n')[0]}`;
          say(`NOTE: ${skipped}`);
          return { ranAt: ranAt(), quick, skipped };
        }
      });
    }

    const cpu = cpus();
    const results: BenchResults = {
      generatedAt: new Date().toISOString(),
      machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpu.length, cpuModel: cpu[0]?.model.trim() ?? 'unknown' },
      options: { latencyMs, quick, parts: [...parts] },
      parts: merged,
      durationSec: (performance.now() - began) / 1000,
      partSeconds,
    };
    const rows = tableRows(results);
    await mkdir(join(REPO, 'bench'), { recursive: true });
    await writeFile(join(REPO, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeDoc(results, markdownTable(rows));
    const scan = merged.scan;
    const extra = parts.has('scan') && scan ? `\n\n${breakdownTable(scan.hotPath)}\n\n${tailTable(scan.tail)}\n\n${examples(scan.hotPath)}` : '';
    process.stdout.write(`\n${plainTable(rows)}${extra}\n\nWrote bench/results.json and docs/benchmarks.md (${Math.round(results.durationSec)} s).\n`);
    return 0;
  } finally {
    await world?.close();
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
