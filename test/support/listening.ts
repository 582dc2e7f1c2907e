import net from 'node:net';

/** Whether something accepts TCP connections on 127.0.0.1:port right now. */
export function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Holds a port on 127.0.0.1 (as another program would) until `close()`. */
export async function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The ports a demo host logged at start: "demo: nShift simulator at http://…:P/…, virtual Zebra at tcp://…:Q". */
export function demoPorts(stderr: string): { simulator: number; zebra: number } {
  const match =
    /demo: nShift simulator at http:\/\/[^:/]+:(\d+)\/.*virtual Zebra at tcp:\/\/[^:]+:(\d+)/.exec(stderr);
  if (!match) throw new Error(`no demo ports on stderr:\n${stderr}`);
  return { simulator: Number(match[1]), zebra: Number(match[2]) };
}

/** The data folder a host printed at start ("data folder: DIR"). */
export function printedDataDir(stderr: string): string {
  const match = /data folder: (\S+)/.exec(stderr);
  if (!match?.[1]) throw new Error(`no data folder on stderr:\n${stderr}`);
  return match[1];
}
