import type { SoakReport } from './run-soak';

/** The figures of a soak run as a plain table: what the issue asks to see, zero lost and zero doubled. */
export function formatReport(r: SoakReport): string {
  const rows: [string, string | number][] = [];
  const section = (title: string): void => {
    rows.push([`— ${title}`, '']);
  };
  const o = r.options;
  section('run');
  rows.push(['seed', o.seed]);
  rows.push(['duration', `${(r.durationMs / 1000).toFixed(1)} s`]);
  rows.push(['data directory', r.dataDir]);
  rows.push(['logs (stdout/stderr of every station)', r.logDir]);
  section('scans');
  rows.push(['planned', r.scans.planned]);
  rows.push(['sent to the station (incl. scans again)', r.scans.sent]);
  rows.push([
    '  by kind',
    Object.entries(r.scans.byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  ]);
  rows.push(['  bad input (control chars, 10k chars, binary, bad UTF-8)', r.scans.badInput]);
  rows.push(['  scanned again after "failed, scan again"', r.scans.rescansAfterFailure]);
  rows.push(['  scanned again: station killed before it read them', r.scans.resentAfterKill]);
  rows.push(['  :reprint given because the station said so', r.scans.reprintsRequested]);
  rows.push(['journalled scan jobs', r.scans.journalled]);
  rows.push(['scans NOT accounted for in the journal', r.scans.unaccounted.length]);
  rows.push([
    'failed events (reason/code)',
    Object.entries(r.scans.failedEvents)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || '0',
  ]);
  rows.push(['end-of-day sweeps', r.sweeps]);
  section('bookings (simulator records)');
  rows.push(['orders / stored shipments scanned', r.bookings.codesScanned]);
  rows.push(['bookings in nShift', r.bookings.bookings]);
  rows.push(['booked exactly once', r.bookings.bookedOnce]);
  rows.push(['LOST (scanned, never booked)', r.bookings.notBooked.length]);
  rows.push(['DOUBLED (booked twice or more)', r.bookings.doubled.length]);
  rows.push(['phantom (booked, never scanned)', r.bookings.phantom.length]);
  section('labels (virtual Zebra)');
  rows.push(['parcels booked', r.labels.parcels]);
  rows.push(['labels on the printer', r.labels.labelsOnPrinter]);
  rows.push(['printed exactly once', r.labels.printedOnce]);
  rows.push(['held for release (listed below)', r.labels.held.length]);
  rows.push(['LOST (neither printed nor held)', r.labels.lost.length]);
  rows.push(['DOUBLED (printed twice or more)', r.labels.doubled.length]);
  rows.push(['labels matching no booking', r.labels.unknown]);
  rows.push(['spool jobs left queued/sending', r.labels.spoolUnfinished]);
  section('journal');
  rows.push(['files / entries', `${r.journal.files} / ${r.journal.entries}`]);
  rows.push(['corrupt entries now', r.journal.corruptNow]);
  rows.push(['torn tails set aside at restart', r.journal.recoveredFiles]);
  rows.push(['jobs never finished', r.journal.openJobs.length]);
  section('faults injected');
  rows.push(['server errors (500)', r.faults.sim.randomServerErrors]);
  rows.push(['bookings dropped after commit', r.faults.sim.droppedAfterCommit]);
  rows.push([`latency spikes (${o.spikeMs} ms)`, r.faults.sim.spikes]);
  rows.push(['token expiries (all tokens)', r.faults.tokenExpiries]);
  rows.push(['printer outages', `${r.faults.printerOutages} × ${Math.round(o.offlineMs / 1000)} s`]);
  rows.push(['station SIGKILLs', r.faults.kills]);
  rows.push(['stalls', r.faults.stalls]);
  section('disk-full phase (a small tmpfs that fills up, then room, a restart, failed scans scanned again)');
  const f = r.diskFull;
  if (f.skipped) rows.push(['skipped', f.skipped]);
  else {
    rows.push(['orders (label + customs declaration each)', `${f.orders} into ${o.diskFullSize}`]);
    rows.push(['cannot_save said (of them booked in nShift)', `${f.cannotSave} (${f.bookingNotSaved})`]);
    rows.push(['booked shipments printed whole, once', f.printedWhole]);
    rows.push(['booked shipments whose job said failed/held', f.reportedFailed]);
    rows.push(['failed before booking, not booked by the restart', f.failedUnbooked]);
    rows.push(['scanned again, then booked once', `${f.bookedOnRescan} of ${f.rescanned}`]);
    rows.push(['PROBLEMS (lost, doubled, two outcomes)', f.problems.length]);
  }
  section('secrets');
  rows.push([
    'files scanned (data dir + logs)',
    `${r.secrets.filesScanned} (${r.secrets.bytesScanned} bytes)`,
  ]);
  rows.push(['files containing the API secret', r.secrets.hits.length]);
  rows.push(['stdout lines that are not JSON', r.contractViolations.length]);

  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  const lines = rows.map(([k, v]) => (v === '' ? `\n${k}` : `${k.padEnd(width)}${v}`));
  if (r.labels.held.length > 0) {
    lines.push('\nheld for release (the packer checks the printer, then releases or cancels):');
    for (const h of r.labels.held) {
      lines.push(
        `  spool ${h.spoolJobId}  shipment ${h.shipmentId}  reason ${h.heldReason}${h.alsoPrinted ? '  (the printer did get it)' : ''}`,
      );
    }
  }
  if (r.startupWarnings.length > 0) {
    lines.push('\nstation warnings:');
    for (const w of r.startupWarnings) lines.push(`  ${w}`);
  }
  lines.push('');
  lines.push(r.ok ? 'RESULT: PASS — 0 lost, 0 doubled, journal intact, no secret leaked' : 'RESULT: FAIL');
  for (const p of r.problems) lines.push(`  - ${p}`);
  return lines.join('\n');
}
