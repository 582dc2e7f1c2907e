/** Where the web host's per-launch token lives once read from the address bar. */
export const TOKEN_STORAGE_KEY = 'packbench.token';

export interface TokenLocation {
  href: string;
}

/**
 * Reads the web host's token from `?token=` or `#token=`, keeps it in session storage and removes it from
 * the address bar, so it is neither bookmarked nor shown over the packer's shoulder. Later reloads read it
 * back from session storage.
 */
export function takeToken(
  location: TokenLocation,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  history: Pick<History, 'replaceState'>,
): string | undefined {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  const fromQuery = url.searchParams.get('token');
  const fromHash = hash.get('token');
  const token = fromQuery ?? fromHash ?? undefined;
  if (token) {
    storage.setItem(TOKEN_STORAGE_KEY, token);
    url.searchParams.delete('token');
    hash.delete('token');
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return token;
  }
  return storage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
}
