import { randomBytes } from 'node:crypto';
import { chmod, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileIfExists, writeFileAtomic } from '../../files/atomic';

/** The kept token's file in the data folder (`--keep-token`): readable by this OS user only. */
export const KEPT_TOKEN_FILE = 'web-token';

const WELL_FORMED = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The web host's access token kept across restarts, for a kiosk whose browser opens one fixed address at every
 * boot (`--keep-token`; off by default, docs/security.md says what it costs). It lives in the data folder with
 * mode 0600, beside the vault's key file, and has the same reach: whoever can read it can use the station from
 * this machine, until it is rotated (`rotate`, the `--rotate-token` flag: a new one is made and the old one is
 * refused from then on). A kept token that others could read is made private again, and one that is not a token
 * (damaged, edited) is replaced; both are said in the log, since the kiosk's address then needs the new one.
 */
export async function keptToken(
  dataDir: string,
  { rotate, log }: { rotate: boolean; log: (line: string) => void },
): Promise<string> {
  const file = join(dataDir, KEPT_TOKEN_FILE);
  const kept = rotate ? undefined : (await readFileIfExists(file))?.toString('utf8').trim();
  if (kept !== undefined && WELL_FORMED.test(kept)) {
    const { mode } = await stat(file);
    if ((mode & 0o077) !== 0) {
      await chmod(file, 0o600);
      log(`web host: ${file} could be read by other users: it is now readable by this user only`);
    }
    return kept;
  }
  if (kept !== undefined) log(`web host: ${file} held no access token: a new one is kept there`);
  // As the host makes its per-launch tokens: 24 random bytes, base64url.
  const token = randomBytes(24).toString('base64url');
  await writeFileAtomic(file, `${token}\n`, { mode: 0o600 });
  log(
    rotate
      ? `web host: a new access token is kept in ${file}: the old address is refused from now on`
      : `web host: the access token is kept in ${file} and used at every start with --keep-token`,
  );
  return token;
}
