import type { MethodInput, MethodOutput, StartupWarning, StationMethodName } from '../../../preload/api';
import type { StationContext } from '../context';
import type { JobRunner } from '../job-runner';
import type { NshiftConnections } from '../nshift-connections';
import type { SettingsService } from '../settings-service';
import type { StationOptions } from '../station-options';
import type { StatusReporter } from '../status';

/** Some of the StationApi's methods, each as the hosts call it. */
export type Methods<K extends StationMethodName> = {
  [M in K]: (input: MethodInput<M>) => Promise<MethodOutput<M>>;
};

/** The parts of the station the methods are carried out by (station.ts makes them). */
export interface StationParts {
  ctx: StationContext;
  runner: JobRunner;
  settings: SettingsService;
  connections: NshiftConnections;
  status: StatusReporter;
  /** What this start found (station.ts fills `warnings` while it opens, before any method can be called). */
  startup: { startedAt: string; warnings: readonly StartupWarning[] };
  /** Demo mode's virtual label printer; none on any other station. */
  demoPrinter: StationOptions['demoPrinter'];
}
