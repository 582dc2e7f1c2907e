import type * as z from 'zod';
import type { ApiErrorBody, ArgumentIssue, StationApi, StationMethodName } from '../../../preload/api';
import { StationError } from '../../station/station-error';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';
import { methodInputSchemas } from './schemas';

export function isStationMethod(name: string): name is StationMethodName {
  return (STATION_METHOD_NAMES as readonly string[]).includes(name);
}

export type DispatchResult = { ok: true; value: unknown } | { ok: false; status: number; body: ApiErrorBody };

/**
 * Validates an untrusted call and runs it. Unknown methods and bad arguments never reach the station; errors
 * come back as an ApiErrorBody, never as a stack trace.
 */
export async function dispatch(
  station: StationApi,
  name: string,
  rawInput: unknown,
  log: (line: string) => void = () => {},
): Promise<DispatchResult> {
  if (!isStationMethod(name)) {
    return {
      ok: false,
      status: 404,
      body: { error: 'not_found', message: `There is no method "${name.slice(0, 64)}".` },
    };
  }
  const parsed = methodInputSchemas[name].safeParse(rawInput ?? undefined);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
    return {
      ok: false,
      status: 400,
      body: {
        error: 'invalid_argument',
        message: `Invalid argument for ${name}${where}: ${first?.message ?? 'rejected'}`,
        // The UI names the field in the packer's language; the English message is for logs and scripts.
        ...(first?.path.length ? { field: first.path.join('.') } : {}),
        issues: parsed.error.issues.map(argumentIssue),
      },
    };
  }
  try {
    const method = station[name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await method.call(station, parsed.data) };
  } catch (error) {
    if (error instanceof StationError) {
      const status =
        error.body.error === 'not_found' ? 404 : error.body.error === 'invalid_argument' ? 400 : 422;
      return { ok: false, status, body: error.body };
    }
    log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return {
      ok: false,
      status: 500,
      body: { error: 'internal', message: 'Packbench could not carry out this request.' },
    };
  }
}

/** A schema's verdict on one value, in the shape a form can show under that value's field. */
function argumentIssue(issue: z.core.$ZodIssue): ArgumentIssue {
  const bounds = issue as { minimum?: unknown; maximum?: unknown };
  // A rule of the schema's own (a refine) names its verdict, e.g. `plain_http` (main/settings/schema.ts).
  const verdict =
    issue.code === 'custom' ? (issue.params as { verdict?: unknown } | undefined)?.verdict : undefined;
  return {
    path: issue.path.map(String).join('.'),
    code: typeof verdict === 'string' ? verdict : issue.code,
    ...(typeof bounds.minimum === 'number' ? { minimum: bounds.minimum } : {}),
    ...(typeof bounds.maximum === 'number' ? { maximum: bounds.maximum } : {}),
  };
}
