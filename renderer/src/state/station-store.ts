import type {
  JobView,
  PrinterStateView,
  SettingsView,
  SpoolJobView,
  StationApi,
  StationEvent,
  StationStatus,
} from '../../../preload/api';
import type { ConnectionProblem } from '../api/http-client';

export interface StationState {
  status?: StationStatus;
  /** Today's jobs, newest first. */
  jobs: JobView[];
  settings?: SettingsView;
  spool: SpoolJobView[];
  /** The first load finished (or failed: see `loadError`). */
  loaded: boolean;
  loadError?: unknown;
  /**
   * Set while the host's event stream is down (web host only), with why: then the status and printer states
   * shown last are no longer known.
   */
  connectionProblem?: ConnectionProblem;
}

type Listener = () => void;

/** ISO 8601 times sort as plain strings; localeCompare's collation cost a full day's list 30 ms at start-up. */
/**
 * Newest first, by the journal's order (`createdSeq`), which a PC clock stepped back does not turn round; by the
 * time only for a job that has no sequence number (kept by a checkpoint from before they were).
 */
function byNewest(a: JobView, b: JobView): number {
  if (a.createdSeq !== undefined && b.createdSeq !== undefined) return b.createdSeq - a.createdSeq;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/**
 * Newer job versions win: events can overtake a list answer that was read a moment earlier. Newer by the journal's
 * order (`updatedSeq`): by the time, a job changed after the PC's clock went back would be taken for an older version
 * and not shown (a held label released and printed would stay held on screen until the clock caught up).
 */
function newer(current: JobView | undefined, next: JobView): boolean {
  if (!current) return true;
  if (current.updatedSeq !== undefined && next.updatedSeq !== undefined)
    return next.updatedSeq >= current.updatedSeq;
  return next.updatedAt >= current.updatedAt;
}

/**
 * Where today started on this PC's calendar, as an ISO instant: the station's day (main/station/station-day.ts),
 * since the UI runs on the station's own PC (Electron, or a browser on 127.0.0.1).
 */
function startOfDay(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** A job that can still change for the packer: running, or a document still waiting (held, queued, sending). */
function inMotion(job: JobView): boolean {
  if (job.state !== 'printed' && job.state !== 'done' && job.state !== 'failed') return true;
  return job.shipments.some((s) =>
    s.documents.some((d) => d.state === 'held' || d.state === 'queued' || d.state === 'sending'),
  );
}

/** How often a window left open checks whether the day changed (no event need come for yesterday to leave). */
const DAY_CHECK_MS = 60_000;

function applySpoolToJob(job: JobView, spool: SpoolJobView): JobView {
  let changed = false;
  const shipments = job.shipments.map((shipment) => {
    const documents = shipment.documents.map((document) => {
      // A queued document may not carry its spool job's id yet: then the station job and document id name it.
      const mine =
        document.spoolJobId === spool.id ||
        (!document.spoolJobId && document.documentId === spool.documentId && spool.stationJobId === job.id);
      if (!mine || document.state === spool.state) return document;
      changed = true;
      return { ...document, state: spool.state };
    });
    return documents === shipment.documents ? shipment : { ...shipment, documents };
  });
  return changed ? { ...job, shipments } : job;
}

/**
 * The renderer's one copy of the station's state: status, today's jobs, settings and the spool, kept current
 * from the StationApi's events. Screens read it with useSyncExternalStore; updates are immutable.
 */
type Scheduler = (notify: () => void) => void;

const nextFrame: Scheduler = (notify) =>
  typeof requestAnimationFrame === 'function'
    ? void requestAnimationFrame(() => notify())
    : void setTimeout(notify, 0);
let scheduleNotify: Scheduler = nextFrame;

/** Component tests render synchronously after an event; the app batches renders per animation frame. */
export function setNotifyScheduler(scheduler: Scheduler | undefined): void {
  scheduleNotify = scheduler ?? nextFrame;
}

export class StationStore {
  private state: StationState = { jobs: [], spool: [], loaded: false };
  private readonly listeners = new Set<Listener>();

  /** Where the day this store last looked at started (ISO). */
  private day: string;
  /** Once the day changed while the store was open: jobs created before this leave (see `ofToday`). */
  private since: string | undefined;

  constructor(
    readonly api: StationApi,
    /** The wall clock, for the day's change; tests pass their own. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.day = startOfDay(now());
  }

  getState = (): StationState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notifyScheduled = false;
  private readonly afterNotify: Array<() => void> = [];

  /**
   * Resolves once the listeners were told the state as it is now. Settings' Save bar draws its sections again only
   * then: drawn at once, they would be drawn from the settings the screen last rendered, the ones before the save.
   */
  notified(): Promise<void> {
    if (!this.notifyScheduled) return Promise.resolve();
    return new Promise((resolve) => this.afterNotify.push(resolve));
  }

  /**
   * State changes at once; listeners (React renders) at most once per frame. A scan brings a burst of job and
   * spool events: rendering each in turn would keep the last one — the result — waiting behind the others.
   */
  private set(patch: Partial<StationState>): void {
    this.state = { ...this.state, ...patch };
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    scheduleNotify(() => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
      for (const resolve of this.afterNotify.splice(0)) resolve();
    });
  }

  /** Subscribe to events and load everything once; returns the function that stops the events. */
  start(): () => void {
    const stop = this.api.subscribe((event) => this.apply(event));
    void this.load();
    // The desktop window stays open for weeks: past midnight, "Today's scans" and "Jobs today" must not go on
    // showing yesterday's (nor hold every job since the window opened).
    const dayCheck = setInterval(() => {
      const jobs = this.ofToday(this.state.jobs);
      if (jobs !== this.state.jobs) this.set({ jobs });
    }, DAY_CHECK_MS);
    return () => {
      clearInterval(dayCheck);
      stop();
    };
  }

  /**
   * The jobs of the station's day, as the station lists them (`listJobs`), newest first. A job of an earlier day
   * stays while it can still change (a label waiting for the packer's release), and so does the newest job, the
   * result the Scan screen may be showing, until the next scan: a scan at 23:59 does not vanish at midnight.
   */
  private ofToday(jobs: JobView[]): JobView[] {
    const today = startOfDay(this.now());
    // Only a day that changed while the store was open: the station's own list (`load`) holds today's already.
    if (today !== this.day) [this.day, this.since] = [today, today];
    const since = this.since;
    if (since === undefined || jobs.every((job) => job.createdAt >= since)) return jobs;
    return jobs.filter((job, i) => i === 0 || job.createdAt >= since || inMotion(job));
  }

  async load(): Promise<void> {
    try {
      const [status, jobs, settings, spool] = await Promise.all([
        this.api.getStatus(),
        this.api.listJobs(),
        this.api.getSettings(),
        this.api.listSpool().catch(() => this.state.spool),
      ]);
      this.mergeJobs(jobs);
      this.set({ status, settings, spool, loaded: true, loadError: undefined, connectionProblem: undefined });
    } catch (error) {
      this.set({ loaded: true, loadError: error });
    }
  }

  async refreshJobs(): Promise<void> {
    const [jobs, spool] = await Promise.all([this.api.listJobs(), this.api.listSpool()]);
    this.mergeJobs(jobs);
    this.set({ spool });
  }

  apply(event: StationEvent): void {
    switch (event.type) {
      case 'job':
        this.upsertJob(event.job);
        return;
      case 'spool':
        this.upsertSpool(event.job);
        return;
      case 'printer':
        this.upsertPrinter(event.printer);
        return;
      case 'status':
        this.set({ status: event.status, connectionProblem: undefined });
        return;
    }
  }

  upsertJob(job: JobView): void {
    const current = this.state.jobs.find((existing) => existing.id === job.id);
    if (!newer(current, job)) return;
    const jobs = current
      ? this.state.jobs.map((existing) => (existing.id === job.id ? job : existing))
      : [job, ...this.state.jobs].sort(byNewest);
    this.set({ jobs: this.ofToday(jobs) });
  }

  private mergeJobs(list: JobView[]): void {
    const byId = new Map(this.state.jobs.map((job) => [job.id, job]));
    for (const job of list) if (newer(byId.get(job.id), job)) byId.set(job.id, job);
    this.set({ jobs: this.ofToday([...byId.values()].sort(byNewest)) });
  }

  upsertSpool(spoolJob: SpoolJobView): void {
    const exists = this.state.spool.some((job) => job.id === spoolJob.id);
    const spool = exists
      ? this.state.spool.map((job) => (job.id === spoolJob.id ? spoolJob : job))
      : [...this.state.spool, spoolJob];
    const jobs = this.state.jobs.map((job) => applySpoolToJob(job, spoolJob));
    this.set({ spool, jobs });
  }

  private upsertPrinter(printer: PrinterStateView): void {
    const status = this.state.status;
    if (!status) return;
    const exists = status.printers.some((p) => p.printerId === printer.printerId);
    const printers = exists
      ? status.printers.map((p) => (p.printerId === printer.printerId ? printer : p))
      : [...status.printers, printer];
    const queueLength = printers.reduce((sum, p) => sum + p.queueLength, 0);
    this.set({ status: { ...status, printers, queueLength } });
  }

  setSettings(settings: SettingsView): void {
    this.set({ settings });
  }

  setConnectionProblem(problem: ConnectionProblem | undefined): void {
    if (this.state.connectionProblem !== problem) this.set({ connectionProblem: problem });
  }
}
