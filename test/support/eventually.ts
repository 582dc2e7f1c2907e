/**
 * Waits until `check` holds, looking again every `everyMs`; throws after `ms`. For what a child process or a data
 * folder comes to in its own time (a journal entry, a line on stdout), where no event says so.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 30_000,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
