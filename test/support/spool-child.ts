/**
 * A station's print service in a child process, for the crash test: JSON lines of events out on stdout,
 * commands in on stdin. The test SIGKILLs it mid-job and starts it again on the same data directory.
 *
 *   env SPOOL_DATA_DIR, ZEBRA_PORT, WRITE_TIMEOUT_MS
 *   stdin {"cmd":"print","id":"…"} | {"cmd":"release-held"} | {"cmd":"list"}
 */
import { createInterface } from 'node:readline';
import iconv from 'iconv-lite';
import type { PrintableDocument } from '../../main/labels/document';
import { createPrintService } from '../../main/printers/print-service';

const dataDir = process.env.SPOOL_DATA_DIR ?? '';
const port = Number(process.env.ZEBRA_PORT);
const out = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

function label(id: string): PrintableDocument {
  const bytes = Buffer.concat([
    Buffer.from(`^XA^CI13^FO40,40^FD${id} `, 'latin1'),
    iconv.encode('Malmö', 'cp850'),
    Buffer.from('^FS^XZ', 'latin1'),
  ]);
  return { id, kind: 'label', format: 'zpl', charset: 'cp850', bytes };
}

async function main(): Promise<void> {
  const service = createPrintService({
    dataDir,
    getConfig: () => ({
      printers: [{ kind: 'zpl-tcp', id: 'zebra', name: 'Zebra', host: '127.0.0.1', port }],
      routing: { rules: [], labelPrinterId: 'zebra' },
      ttlMinutes: 10,
    }),
    driverOptions: {
      zplTcp: {
        connectTimeoutMs: 500,
        statusTimeoutMs: 500,
        writeTimeoutMs: Number(process.env.WRITE_TIMEOUT_MS ?? 30_000),
      },
    },
    backoffMs: () => 100,
    onEvent: (event) => out(event),
  });
  await service.start();
  out({ type: 'started', jobs: service.list() });
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as { cmd: string; id?: string };
    if (command.cmd === 'print' && command.id) {
      void service
        .print({ document: label(command.id) })
        .then((outcome) => out({ type: 'outcome', outcome }));
    } else if (command.cmd === 'release-held') {
      for (const job of service.list().filter((j) => j.state === 'held')) {
        const released = await service.release(job.id);
        out({ type: 'released', ok: released.ok });
        void service.outcome(job.id)?.then((outcome) => out({ type: 'outcome', outcome }));
      }
    } else if (command.cmd === 'list') {
      out({ type: 'list', jobs: service.list() });
    }
  }
}

main().catch((error: unknown) => {
  out({ type: 'crash', message: String(error) });
  process.exit(1);
});
