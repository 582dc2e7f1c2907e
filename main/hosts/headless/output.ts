import { within } from '../shared/teardown';
import type { HeadlessEvent } from './contract-events';

/**
 * The headless host's stdout, where its JSON lines go (docs/headless.md). Its reader may go away (a PLC gateway
 * that closes its end of the pipe: EPIPE) or the disk under the file it goes to may fill up (ENOSPC). Node reports
 * either as an 'error' event on the stream, which, unhandled, ended the host at once, between a booking and its
 * label. Here the first such error goes to `lost` (the host stops, as on a signal) and the lines after it are
 * dropped: nobody can read them.
 *
 * A pipe is written asynchronously, so the lines a slow reader has not taken yet wait in the process; `flushed`
 * waits for them before the host exits (process.exit drops them, the `printed` line of the job in hand with them).
 */
export interface EventOutput {
  write(event: HeadlessEvent): void;
  /**
   * Resolves once every line written so far has left the process, once stdout has failed, or after `ms` (a reader
   * that never reads again must not keep a stopped host alive).
   */
  flushed(ms: number, log: (line: string) => void): Promise<void>;
}

/** What of a stream this needs: process.stdout is one. */
export interface LineStream {
  write(chunk: string, done?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  readonly writableLength: number;
}

export function eventOutput(stream: LineStream, lost: (error: Error) => void): EventOutput {
  let failed: Error | undefined;
  const fail = (error: Error): void => {
    if (failed) return;
    failed = error;
    lost(error);
  };
  stream.on('error', fail);
  return {
    write(event) {
      if (failed) return;
      try {
        stream.write(`${JSON.stringify(event)}\n`);
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    },
    async flushed(ms, log) {
      if (failed || stream.writableLength === 0) return;
      log(
        `waiting up to ${ms / 1000} s for the reader of stdout to take its last ${stream.writableLength} bytes`,
      );
      // An empty write's callback runs once everything written before it has been handed to the system.
      await within(new Promise<void>((resolve) => stream.write('', () => resolve())), ms);
    },
  };
}
