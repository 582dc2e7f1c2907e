/**
 * Where the station's time goes, without touching its code: timestamps of every fsync (FileHandle.sync is
 * wrapped for the whole process), of every TCP connect to the printer and every byte written to it, of every
 * Delivery request (from the client's own log line, which carries the request's duration) and every new
 * connection the HTTP client opens (undici's diagnostics channels), of garbage collections (a `gc`
 * PerformanceObserver) and of the event loop's delay (`monitorEventLoopDelay`, read per scan).
 */
import diagnostics from 'node:diagnostics_channel';
import { open, unlink, writeFile } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';

export interface Span {
  start: number;
  end: number;
}

export interface FsyncSpan extends Span {
  /** What was synced: `journal`, `labels`, `spool`, `documents` or `other`, with ` dir` for a directory. */
  what: string;
}

export interface RequestSpan extends Span {
  operation: string;
  line: string;
}

export interface TraceWindow {
  fsyncs: FsyncSpan[];
  /** TCP connects to the printer. */
  connects: Span[];
  requests: RequestSpan[];
  /** New HTTP connections to nShift (connect started → connected). */
  httpConnects: Span[];
  /** Garbage-collection pauses. */
  gcs: Span[];
  /** Bytes written to the printer (start = end = the write call). */
  printerWrites: Span[];
}

export interface Tracer extends TraceWindow {
  /** Pass as the station's `log`: keeps request lines with their time. */
  log(line: string): void;
  /** Everything recorded in [from, to]. */
  window(from: number, to: number): TraceWindow;
  /** The event loop's delay since the last reset (ms): max and mean. */
  loopDelay(): { maxMs: number; meanMs: number };
  resetLoopDelay(): void;
  stop(): void;
}

const REQUEST_LINE = /^nshift (\S+) (\S+ \S+) -> (\d+) (\d+)ms/;

export async function installTracer(printerPort: () => number | undefined): Promise<Tracer> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tracer.gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const pendingConnects = new WeakMap<object, number>();
  const onBeforeConnect = (message: unknown): void => {
    const m = message as { connectParams?: object };
    if (m.connectParams) pendingConnects.set(m.connectParams, performance.now());
  };
  const onConnected = (message: unknown): void => {
    const m = message as { connectParams?: object };
    const start = m.connectParams ? pendingConnects.get(m.connectParams) : undefined;
    if (start !== undefined) tracer.httpConnects.push({ start, end: performance.now() });
  };
  diagnostics.subscribe('undici:client:beforeConnect', onBeforeConnect);
  diagnostics.subscribe('undici:client:connected', onConnected);
  const tracer: Tracer = {
    fsyncs: [],
    connects: [],
    requests: [],
    httpConnects: [],
    gcs: [],
    printerWrites: [],
    loopDelay() {
      const maxMs = histogram.max / 1e6;
      const meanMs = Number.isFinite(histogram.mean) ? histogram.mean / 1e6 : 0;
      return { maxMs, meanMs };
    },
    resetLoopDelay() {
      histogram.reset();
    },
    stop() {
      histogram.disable();
      gcObserver.disconnect();
      diagnostics.unsubscribe('undici:client:beforeConnect', onBeforeConnect);
      diagnostics.unsubscribe('undici:client:connected', onConnected);
    },
    log(line) {
      const now = performance.now();
      const m = REQUEST_LINE.exec(line);
      if (m) tracer.requests.push({ operation: m[1]!, line: `${m[2]} -> ${m[3]}`, start: now - Number(m[4]), end: now });
    },
    window(from, to) {
      const inside = <T extends Span>(s: T): boolean => s.end >= from && s.start <= to;
      return {
        fsyncs: tracer.fsyncs.filter(inside),
        connects: tracer.connects.filter(inside),
        requests: tracer.requests.filter(inside),
        httpConnects: tracer.httpConnects.filter(inside),
        gcs: tracer.gcs.filter(inside),
        printerWrites: tracer.printerWrites.filter(inside),
      };
    },
  };

  // Which file a handle is: fs/promises' open() is wrapped, and the ESM bindings synced so that the station's
  // `import { open } from 'node:fs/promises'` sees the wrapper too.
  const pathOf = new WeakMap<object, string>();
  const fsp = createRequire(import.meta.url)('node:fs/promises') as { open: (...a: unknown[]) => Promise<object> };
  const realOpen = fsp.open;
  fsp.open = async (...a: unknown[]): Promise<object> => {
    const h = await realOpen(...a);
    pathOf.set(h, String(a[0]));
    return h;
  };
  syncBuiltinESMExports();

  // FileHandle is not exported: reach its prototype through a handle.
  const probe = join(tmpdir(), `packbench-bench-probe-${process.pid}`);
  await writeFile(probe, '');
  const handle = await open(probe, 'r');
  const proto = Object.getPrototypeOf(handle) as { sync: (this: unknown) => Promise<void> };
  await handle.close();
  await unlink(probe);
  const sync = proto.sync;
  proto.sync = async function timedSync(this: unknown): Promise<void> {
    const start = performance.now();
    try {
      await sync.call(this);
    } finally {
      tracer.fsyncs.push({ start, end: performance.now(), what: describe(pathOf.get(this as object)) });
    }
  };

  const printerSockets = new WeakSet<net.Socket>();
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function timedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    // net.connect() hands Socket#connect its normalised arguments as one array: [options, callback].
    const raw = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const port = typeof raw === 'number' || typeof raw === 'string' ? raw : (raw as { port?: number } | undefined)?.port;
    if (port !== undefined && Number(port) === printerPort()) {
      const start = performance.now();
      printerSockets.add(this);
      this.once('connect', () => tracer.connects.push({ start, end: performance.now() }));
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function timedWrite(this: net.Socket, ...args: unknown[]): boolean {
    if (printerSockets.has(this)) {
      const at = performance.now();
      tracer.printerWrites.push({ start: at, end: at });
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  return tracer;
}

const AREAS = ['journal', 'labels', 'spool', 'documents'] as const;

function describe(path: string | undefined): string {
  if (!path) return 'other';
  const parts = path.split(/[\\/]/);
  for (const area of AREAS) {
    const at = parts.lastIndexOf(area);
    if (at >= 0) return at === parts.length - 1 ? `${area} dir` : area;
  }
  return 'other';
}
