import type { Result } from '../../main/result';

/** The value of a call expected to succeed; a failure ends the test with the error nShift's client gave. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}
