/**
 * Runs the nShift simulator standalone: `node dist/main/simulator.js --port 8765 --latency 50 --demo`.
 * Importing this module starts it (it is an entry point); the URL and demo key go to stderr.
 */
import { parseArgs } from 'node:util';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, ensureDemoAccount, seedDemoDataWithCheckout } from './demo';
import { createSimulator } from './server';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
} from './checkout/account';

export const CLI_USAGE = `Usage: packbench-nshift-sim [--port N] [--host 127.0.0.1] [--latency MS] [--seed N] [--demo]
                            [--rate-limit N]
  --port     port to listen on (default 0: any free port)
  --host     interface (default 127.0.0.1; the control API under /_sim/ has no auth)
  --latency  fixed extra latency per request in ms (default 0)
  --seed     seed for everything random (default 1)
  --demo     seed the demo data (orders, stored, split and consolidated samples; the split order
             is made through the simulated Checkout) and let carriers move booked shipments on with
             the clock (status events on /alerts)
  --rate-limit  requests per second per API key before 429 + Retry-After (default: none; assumed)`;

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      latency: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      demo: { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stderr.write(`${CLI_USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  const latencyMs = Number(values.latency);
  const seed = Number(values.seed);
  if (![port, latencyMs, seed].every(Number.isFinite) || port < 0 || latencyMs < 0)
    throw new Error(`Bad arguments.\n${CLI_USAGE}`);

  const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
  if (rateLimit !== undefined && !(rateLimit > 0)) throw new Error(`Bad --rate-limit.\n${CLI_USAGE}`);
  const sim = createSimulator({
    latencyMs,
    seed,
    carrierProgress: values.demo,
    ...(rateLimit ? { rateLimitPerSecond: rateLimit } : {}),
  });
  ensureDemoAccount(sim);
  const { url, deliveryBaseUrl, checkoutBaseUrl, checkoutAuthUrl } = await sim.start({
    port,
    host: values.host,
  });
  // The demo's web-shop orders go through the simulated Checkout over HTTP, so the server must be up first.
  const samples = values.demo ? await seedDemoDataWithCheckout(sim) : [];
  const lines = [
    `nShift simulator listening on ${url}`,
    `  delivery base URL: ${deliveryBaseUrl}`,
    `  API key: id "${DEMO_API_KEY_ID}", secret "${DEMO_API_KEY_SECRET}"`,
    `  checkout base URL: ${checkoutBaseUrl}`,
    `  auth URL: ${checkoutAuthUrl}`,
    `  checkout client: id "${CHECKOUT_DEMO_CLIENT_ID}", secret "${CHECKOUT_DEMO_CLIENT_SECRET}"`,
    `  checkout connection: "${CHECKOUT_DEMO_CONNECTION_ID}"`,
    `  control API: ${url}/_sim/ (see main/simulator/README.md)`,
    ...(samples.length > 0
      ? ['  demo codes:', ...samples.map((s) => `    ${s.code.padEnd(22)} ${s.description}`)]
      : []),
  ];
  process.stderr.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`nShift simulator: ${signal}, stopping\n`);
    sim.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
