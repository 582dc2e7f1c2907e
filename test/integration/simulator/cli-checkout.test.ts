/**
 * The simulator's command line prints what a Checkout client needs, one line each on stderr beside the
 * Delivery lines (main/simulator/README.md), and those values work: spawned from the build, then used
 * by the real Checkout client over HTTP.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../../../main/nshift/checkout/client';

let child: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts `dist/main/simulator.js` and resolves with its stderr once the last Checkout line is out. */
function startSimulator(): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, ['dist/main/simulator.js', '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (/checkout connection: .*\n/.test(stderr)) resolve(stderr);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}): ${stderr}`)));
  });
}

describe('simulator command line: Checkout lines', () => {
  it('prints the checkout base URL, auth URL, client and connection, and they work', async () => {
    const stderr = await startSimulator();
    const line = (re: RegExp) => re.exec(stderr)?.slice(1) ?? [];
    expect(stderr).toMatch(/^ {2}delivery base URL: /m);
    const [baseUrl] = line(/^ {2}checkout base URL: (http:\/\/127\.0\.0\.1:\d+\S*)$/m);
    const [authUrl] = line(/^ {2}auth URL: (http:\/\/127\.0\.0\.1:\d+\S*)$/m);
    const [clientId, clientSecret] = line(/^ {2}checkout client: id "([^"]+)", secret "([^"]+)"$/m);
    const [connectionId] = line(/^ {2}checkout connection: "([^"]+)"$/m);
    expect([baseUrl, authUrl, clientId, clientSecret, connectionId].every(Boolean)).toBe(true);

    const client = createCheckoutClient({
      baseUrl: baseUrl!,
      authUrl: authUrl!,
      credentials: { clientId: clientId!, clientSecret: clientSecret! },
      renewInBackground: false,
    });
    const session = await client.split.createSession(connectionId!, { subShipments: [{}, {}] });
    expect(session.ok && session.value.subShipments?.[0]?.subShipmentId).toBe(
      session.ok && session.value.sessionId,
    );
    await client.close();
  });
});
