/**
 * Where an nShift secret may travel over plain http: this computer only (the simulator, tests). Kept apart from
 * the settings schema, which says the same for Settings, so that a host can check its URL flags before it loads
 * zod and the station (test/integration/hosts/startup-graph.test.ts).
 */

/** This computer: the simulator and tests. Only to these may a secret travel over plain http. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Why a service address is refused, or undefined: https anywhere, plain http only to this computer. */
export function plainHttpRefusal(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined; // not a URL at all: the URL check says so
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return undefined;
  return `plain http:// is only for this computer (127.0.0.1, localhost: the simulator, tests); ${parsed.host} must be reached with https://, since the API key goes with every request`;
}
