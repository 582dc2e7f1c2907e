import { createContext, useContext, useEffect, useRef } from 'react';

/** Receives a finished scan (affixes stripped, repeats dropped) and the raw code as the scanner sent it. */
export type ScanHandler = (code: string, raw: string) => void;

export interface ScanRouting {
  setHandler(handler: ScanHandler | undefined): void;
  /** Submit a raw line (typed in the Scan input, or a burst): it is judged once, then routed. */
  submit(raw: string): void;
}

export const ScanRoutingContext = createContext<ScanRouting | undefined>(undefined);

export function useScanRouting(): ScanRouting {
  const routing = useContext(ScanRoutingContext);
  if (!routing) throw new Error('useScanRouting outside ScanRoutingContext');
  return routing;
}

/** While the calling screen is shown, scans go to `handler` (the latest one, without re-registering). */
export function useScanHandler(handler: ScanHandler): void {
  const routing = useScanRouting();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    routing.setHandler((code, raw) => latest.current(code, raw));
    return () => routing.setHandler(undefined);
  }, [routing]);
}
