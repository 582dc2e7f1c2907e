import { resolveApiKey } from './token-manager';
import type { ApiKeySource } from './token-manager';

/**
 * Scrubs a client's secret (and its Basic form, which Delivery sends) and every token the client has seen
 * from a text. The key source is read on every use because settings may change it.
 */
export function createRedactor(
  source: ApiKeySource,
): ((text: string) => string) & { rememberToken(token: string): void } {
  const tokens: string[] = [];
  const redact = (text: string): string => {
    const key = resolveApiKey(source);
    const needles = [...tokens];
    if (key) needles.push(key.secret, Buffer.from(`${key.id}:${key.secret}`, 'utf8').toString('base64'));
    let out = text;
    for (const needle of needles) if (needle.length >= 4) out = out.split(needle).join('***');
    return out;
  };
  return Object.assign(redact, {
    rememberToken(token: string) {
      tokens.push(token);
      if (tokens.length > 8) tokens.shift();
    },
  });
}
