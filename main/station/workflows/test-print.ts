import type { MethodInput, MethodOutput } from '../../../preload/api';
import { StationError } from '../station-error';
import { fail, record, recordPrintOutcome, type StationContext } from '../context';
import { failureFromPrinter, failureOf } from '../failures';
import type { StartJob } from './types';

/**
 * A test label (ÅÄÖ åäö Øø Ææ é ü in the chosen charset) on one printer, as a job the Jobs screen shows. A
 * character the charset cannot carry is refused before anything prints, naming the characters.
 */
export async function startTestPrint(
  ctx: StationContext,
  startJob: StartJob,
  input: MethodInput<'testPrinter'>,
): Promise<MethodOutput<'testPrinter'>> {
  const { printerId, charset } = input;
  const printer = ctx.settings().printers.find((p) => p.id === printerId);
  if (!printer) throw noSuchPrinter(printerId);
  const test = await ctx.printService.testPrint(printerId, charset ?? 'cp850');
  if (!test.ok) {
    const { error } = test;
    if (error.code === 'unknown_printer') throw noSuchPrinter(printerId);
    throw StationError.failed(
      error.code === 'unencodable_characters'
        ? failureOf('unencodable_characters', error.message, {
            characters: (error.characters ?? []).join(' '),
          })
        : failureOf('test_print_unsupported', error.message, { printer: printer.name }),
    );
  }
  const { preview, outcome } = test.value;
  const ownerId = `test-${printerId}`;
  const jobId = await startJob('test_print', printer.name, async (id) => {
    await record(ctx, {
      type: 'documents',
      jobId: id,
      ownerId,
      documents: [
        {
          documentId: preview.documentId,
          kind: 'label',
          format: preview.format,
          bytes: Buffer.from(preview.base64, 'base64').length,
          description: preview.description ?? 'Test label',
          ...(preview.charset ? { charset: preview.charset } : {}),
        },
      ],
    });
    const done = await outcome;
    await recordPrintOutcome(ctx, id, ownerId, preview.documentId, done);
    if (done.state === 'failed' && done.error)
      await fail(ctx, id, failureFromPrinter(done.error, printer.name));
    else await record(ctx, { type: 'finished', jobId: id });
  });
  return { jobId, preview };
}

function noSuchPrinter(printerId: string): StationError {
  return StationError.notFound(
    `There is no printer "${printerId}".`,
    failureOf('no_such_printer', `There is no printer "${printerId}".`, {}),
  );
}
