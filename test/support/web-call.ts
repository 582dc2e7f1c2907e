import { request } from 'node:http';

/** A POST to a web host with its launch token, as its page or a script with the token sends it. */
export function postToWebHost(
  web: { url: string; token: string },
  path: string,
  body: string | Buffer,
): Promise<{ status: number; body: string }> {
  const url = new URL(web.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { host: url.host, 'content-type': 'application/json', authorization: `Bearer ${web.token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
