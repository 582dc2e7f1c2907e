/**
 * zod's functional build, for the main process's own schemas: settings, the journal, the spool, the label cache,
 * the hosts' method inputs and what they share with the nShift client. A station builds them on its way to
 * `ready`.
 *
 * Every schema built with zod's class library gets some fifty methods bound to it: building the station's own
 * schemas that way added 10 to 15 ms to a full day's `ready` and 25 to 35 ms to an empty data directory's
 * (docs/benchmarks.md, "Start-up, fifth pass"). The nShift answer schemas, loaded on the first request, keep the
 * class library. Both builds share one core, so a schema from one nests in the other.
 */
import {
  config,
  int,
  maxLength,
  maximum,
  minLength,
  minimum,
  string,
  trim,
  type ZodMiniNumberFormat,
  type ZodMiniString,
} from 'zod/mini';
// A named import: the same in the ES-module bundles (which keep only English) and in the Electron main's CommonJS.
import { en } from 'zod/locales';

// The class library installs English messages when it loads; the functional build has none until told. Without
// this, a settings error met before the first nShift request would say only "Invalid input".
config(en());

// Imported as a namespace (`import * as z from '../zod'`), so the bundle keeps only what is used: naming the
// namespace as one value would keep every locale and the JSON Schema code.
export * from 'zod/mini';

// Two shapes main's schemas use over and over (settings, the hosts' method inputs), named once here.
/** A string trimmed, then held to `min`..`max` characters. */
export const trimmed = (min: number, max: number): ZodMiniString<string> =>
  string().check(trim(), minLength(min), maxLength(max));
/** A whole number from `min` to `max`. */
export const intWithin = (min: number, max: number): ZodMiniNumberFormat =>
  int().check(minimum(min), maximum(max));
