/**
 * The bench's outputs: `bench/results.json` (every figure, the breakdown, the machine) and the table in
 * `docs/benchmarks.md`, each figure beside its target. Targets are reported, never asserted.
 */
import type { ExperimentResult } from './experiments';
import type { FootprintResult } from './footprint';
import type { HotPathBreakdown } from './profile';
import type { Summary } from './stats';
import { round } from './stats';
import type { UiResult } from './ui';
import type { WaveResult } from './wave';

export const TARGETS = {
  scanMedianRatio: 1.1,
  scanP95Ratio: 1.25,
  headlessReadyMs: 500,
  headlessRssMb: 120,
  uiOverheadMs: 50,
} as const;

export interface ScanFigures {
  station: Summary;
  floor: Summary;
  medianRatio: number;
  p95Ratio: number;
  /** The floor with its lookup done before the clock (what a scan resolved from a local index needs). */
  direct: Summary;
  failures: number;
  labelBytes: { station: number; floor: number };
}

export type Skipped = { skipped: string };

export interface BenchResults {
  generatedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  options: { latencyMs: number; scans: number; wave: number; quick: boolean };
  scanToLabel: { order: ScanFigures; stored: ScanFigures };
  hotPath: HotPathBreakdown[];
  /** Time to list the day's jobs the way each scan does (duplicate check), at the end of the run. */
  jobListMs?: { jobs: number; ms: number };
  wave: WaveResult;
  footprint: FootprintResult | Skipped;
  ui: UiResult | Skipped;
  experiments?: ExperimentResult[];
  durationSec: number;
}

const ms = (v: number): string => `${round(v)} ms`;
const x = (v: number): string => `${round(v, 2).toFixed(2)}×`;
const met = (ok: boolean): string => (ok ? 'yes' : '**no**');

export function tableRows(r: BenchResults): string[][] {
  const rows: string[][] = [['Figure', 'Measured', 'Target', 'Met']];
  for (const kind of ['stored', 'order'] as const) {
    const f = r.scanToLabel[kind];
    const name = kind === 'stored' ? 'stored shipment' : 'order';
    rows.push([
      `Scan → label, ${name}, median (station / floor)`,
      `${ms(f.station.median)} / ${ms(f.floor.median)} = ${x(f.medianRatio)}${f.failures > 0 ? ` (${f.failures} scans failed, left out)` : ''}`,
      `≤ ${TARGETS.scanMedianRatio.toFixed(2)}×`,
      met(f.medianRatio <= TARGETS.scanMedianRatio),
    ]);
    rows.push([
      `Scan → label, ${name}, p95 (station / floor)`,
      `${ms(f.station.p95)} / ${ms(f.floor.p95)} = ${x(f.p95Ratio)}`,
      `≤ ${TARGETS.scanP95Ratio.toFixed(2)}×`,
      met(f.p95Ratio <= TARGETS.scanP95Ratio),
    ]);
    rows.push([
      `· context: floor with the lookup done beforehand, ${name}`,
      `median ${ms(f.direct.median)}, p95 ${ms(f.direct.p95)}; station / it = ${x(f.station.median / f.direct.median)} (median)`,
      'reported',
      '–',
    ]);
  }
  const w = r.wave;
  rows.push([
    `Wave: ${w.shipments} stored shipments, concurrency ${w.concurrency}`,
    `${round(w.labelsPerMinute, 0)} labels/min of ${round(w.allowedPerMinute, 0)} allowed = ${x(w.ratio)} (${round(w.ms / 1000, 1)} s, ${w.printed} printed)`,
    'reported',
    '–',
  ]);
  if ('skipped' in r.footprint) {
    rows.push(['Headless start → ready', `skipped: ${r.footprint.skipped}`, `< ${TARGETS.headlessReadyMs} ms`, '–']);
    rows.push(['Headless peak RSS', `skipped: ${r.footprint.skipped}`, `< ${TARGETS.headlessRssMb} MB`, '–']);
  } else {
    const f = r.footprint;
    rows.push([`Headless start → ready (median of ${f.readyMs.n})`, `${ms(f.readyMs.median)} (max ${ms(f.readyMs.max)})`, `< ${TARGETS.headlessReadyMs} ms`, met(f.readyMs.median < TARGETS.headlessReadyMs)]);
    rows.push([
      `Headless peak RSS (VmHWM, ${f.scans} scans)`,
      f.peakRssMb === undefined ? 'n/a (no /proc)' : `${round(f.peakRssMb)} MB`,
      `< ${TARGETS.headlessRssMb} MB`,
      f.peakRssMb === undefined ? '–' : met(f.peakRssMb < TARGETS.headlessRssMb),
    ]);
  }
  if ('skipped' in r.ui) {
    rows.push(['UI overhead (Chromium)', `skipped: ${r.ui.skipped}`, `< ${TARGETS.uiOverheadMs} ms`, '–']);
  } else {
    const u = r.ui;
    rows.push([
      `UI overhead, median (p95), ${u.scans} scans`,
      `${ms(u.overheadMs.median)} (${ms(u.overheadMs.p95)}); on screen ${ms(u.screenMs.median)} − station ${ms(u.stationMs.median)}`,
      `< ${TARGETS.uiOverheadMs} ms`,
      met(u.overheadMs.median < TARGETS.uiOverheadMs),
    ]);
    rows.push([
      '· UI: Enter → request starts · scan request · answer → result in the DOM · final event → DOM (medians)',
      `${ms(u.enterToRequestMs.median)} · ${ms(u.scanRequestMs.median)} · ${ms(u.answerToDomMs.median)} · ${ms(u.eventToDomMs.median)}`,
      'reported',
      '–',
    ]);
    rows.push([
      '· UI, wall clock: Enter → job `createdAt` · job `updatedAt` → final event in the page (→ in a plain reader) (medians); events per scan',
      `${ms(u.enterToCreatedMs.median)} · ${ms(u.updatedToEventMs.median)} (${ms(u.updatedToNodeEventMs.median)}); ${u.messagesPerScan.median} events`,
      'reported',
      '–',
    ]);
  }
  return rows;
}

export function markdownTable(rows: string[][]): string {
  const [head, ...body] = rows;
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(head!), line(head!.map(() => '---')), ...body.map(line)].join('\n');
}

export function plainTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.replaceAll('**', '').length)));
  return rows.map((r) => r.map((cell, c) => cell.replaceAll('**', '').padEnd(widths[c]!)).join('  ')).join('\n');
}

export function breakdownTable(parts: HotPathBreakdown[]): string {
  const rows: string[][] = [
    ['', ...parts.map((p) => (p.kind === 'stored' ? 'stored shipment' : 'order'))],
    ['station mean / floor mean', ...parts.map((p) => `${p.stationMeanMs} / ${p.floorMeanMs} ms`)],
    ['requests per scan', ...parts.map((p) => `${p.requestsPerScan}: ${p.requests.join(' → ')}`)],
    ['time in requests', ...parts.map((p) => `${p.requestMs} ms`)],
    ['station’s own time (no request in flight)', ...parts.map((p) => `${p.localMs} ms`)],
    ['· `job` journalled before `scan()` returns', ...parts.map((p) => `${p.jobJournalMs} ms`)],
    ['· scan → first request', ...parts.map((p) => `${p.beforeFirstRequestMs} ms`)],
    ['· between requests', ...parts.map((p) => `${p.betweenRequestsMs} ms`)],
    ['· last response → last label byte', ...parts.map((p) => `${p.tailMs} ms`)],
    ['fsyncs per scan', ...parts.map((p) => `${p.fsyncsPerScan}`)],
    ['· their time with no request in flight (of which after the booking)', ...parts.map((p) => `${p.fsyncOnPathMs} ms (${p.fsyncTailMs} ms)`)],
    ...areaRows(parts),
    ['printer connect (overlapped with booking?)', ...parts.map((p) => `${p.printerConnectMs} ms (${p.printerConnectOverlapped ? 'yes' : 'no'})`)],
    ['· connect started, relative to the last response', ...parts.map((p) => `${p.connectVsLastResponseMs} ms`)],
    ['median, first → last quarter of the run', ...parts.map((p) => `${p.firstQuarterMedianMs} → ${p.lastQuarterMedianMs} ms`)],
  ];
  return markdownTable(rows);
}

function areaRows(parts: HotPathBreakdown[]): string[][] {
  const areas = [...new Set(parts.flatMap((p) => Object.keys(p.fsyncByArea)))].sort();
  return areas.map((area) => [
    `· fsync ${area}: per scan (ms with no request in flight)`,
    ...parts.map((p) => {
      const a = p.fsyncByArea[area];
      return a ? `${a.perScan} (${a.onPathMs} ms)` : '0';
    }),
  ]);
}

export function examples(parts: HotPathBreakdown[]): string {
  return parts
    .map((p) => [`${p.kind === 'stored' ? 'Stored shipment' : 'Order'}, one scan near the median (ms from the scan):`, '', '```', ...p.example, '```'].join('\n'))
    .join('\n\n');
}

export function experimentsTable(results: ExperimentResult[]): string {
  const rows: string[][] = [['Experiment', 'Stored median', 'Order median', 'Requests (stored / order)', 'What it shows']];
  for (const r of results) {
    const [stored, order] = r.hotPath;
    rows.push([r.name, ms(r.storedMedianMs), ms(r.orderMedianMs), `${stored?.requestsPerScan ?? '–'} / ${order?.requestsPerScan ?? '–'}`, r.why]);
  }
  return markdownTable(rows);
}
