/**
 * `npm run demo` (`node dist/main/web.js --demo`) makes its split order at start-up through the simulated
 * nShift Checkout, the way a web shop would, and lists it with the other sample codes. Checked from the
 * outside: the listed codes on stdout, then the in-process simulator's Checkout over HTTP with the client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../../../main/nshift/checkout/client';
import { CHECKOUT_DEMO_CLIENT_ID, CHECKOUT_DEMO_CLIENT_SECRET } from '../../../main/simulator/index';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts the demo and resolves once the sample list is out, with the listed codes and the logged URLs. */
function startDemo(): Promise<{ codes: string[]; checkoutUrl: string; authUrl: string }> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, ['dist/main/web.js', '--demo', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PACKBENCH_VAULT_KEY: 'demo-test' },
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const codes: string[] = [];
    let listing = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/^Scan or type/.test(line)) listing = true;
      const code = listing ? /^ {2}(\S+)\s/.exec(line)?.[1] : undefined;
      if (code) codes.push(code);
    });
    child.once('exit', (code) => reject(new Error(`demo exited (${code}): ${stderr}`)));
    const timer = setInterval(() => {
      const logged = /Checkout at (http\S+)\)/.exec(stderr);
      if (!logged?.[1] || !codes.includes('WEB-5404')) return;
      clearInterval(timer);
      const origin = new URL(logged[1]).origin;
      resolve({ codes, checkoutUrl: logged[1], authUrl: `${origin}/identity` });
    }, 50);
  });
}

describe('npm run demo', () => {
  it('lists the split order made at start-up through the simulated Checkout flow', async () => {
    const { codes, checkoutUrl, authUrl } = await startDemo();
    expect(codes).toEqual(
      expect.arrayContaining(['ORD-1001', 'SPLIT-3001', 'SPLIT-3002', 'WEB-5002', 'WEB-5404']),
    );

    const client = createCheckoutClient({
      baseUrl: checkoutUrl,
      authUrl,
      credentials: { clientId: CHECKOUT_DEMO_CLIENT_ID, clientSecret: CHECKOUT_DEMO_CLIENT_SECRET },
      renewInBackground: false,
    });
    const found = await client.partialShipments.list({ orderId: 'SPLIT-3001' });
    await client.close();
    expect(found.ok).toBe(true);
    const partials = found.ok ? found.value : [];
    // Three partial shipments of one split session, in nShift Checkout's field names.
    expect(partials).toHaveLength(3);
    expect(new Set(partials.map((p) => p.sessionId)).size).toBe(1);
    expect(partials.map((p) => p.subShipmentId)).toContain(partials[0]!.sessionId);
    expect(partials.map((p) => [p.orderId, p.carrierProduct])).toEqual([
      ['SPLIT-3001', 'P19'],
      ['SPLIT-3001', 'P15'],
      ['SPLIT-3001', 'P19'],
    ]);
  });
});
