/**
 * `npm run soak`: bundled into dist/main/soak.js by scripts/build-main.mjs, next to the headless host it drives.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSoakArgs, SOAK_HELP } from './options';
import { formatReport } from './report';
import { runSoak } from './run-soak';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseSoakArgs>;
  try {
    parsed = parseSoakArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\nTry --help.\n`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(`${SOAK_HELP}\n`);
    return 0;
  }
  const report = await runSoak({
    ...parsed,
    headlessEntry: fileURLToPath(new URL('./headless.js', import.meta.url)),
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
  });
  const text = formatReport(report);
  process.stdout.write(`${text}\n`);
  await writeFile(join(report.logDir, 'report.txt'), `${text}\n`);
  await writeFile(join(report.logDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
