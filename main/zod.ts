/**
 * zod's functional build, for the schemas a station builds on its way to `ready`: settings, the journal, the spool,
 * the label cache and what they share with the nShift client.
 *
 * Every schema built with zod's class library gets some fifty methods bound to it, and that build costs several
 * times what the functional build's does; the start-up schemas were a tenth of the headless host's start
 * (docs/benchmarks.md, "Start-up, fifth pass"). The nShift answer schemas, loaded on the first request, keep the
 * class library. Both builds share one core, so a schema from one nests in the other.
 */
import { config } from 'zod/mini';
// A named import: the same in the ES-module bundles (which keep only English) and in the Electron main's CommonJS.
import { en } from 'zod/locales';

// The class library installs English messages when it loads; the functional build has none until told. Without
// this, a settings error met before the first nShift request would say only "Invalid input".
config(en());

// Imported as a namespace (`import * as z from '../zod'`), so the bundle keeps only what is used: naming the
// namespace as one value would keep every locale and the JSON Schema code.
export * from 'zod/mini';
