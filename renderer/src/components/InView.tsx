import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * What a button just brought (a preview, a test label's outcome, the printers found) is scrolled into view when it
 * appears, and again whenever `showing` changes: on a long screen it would otherwise land below the fold, with
 * nothing visible happening where the admin clicked. Only as far as needed (`nearest`): what is in view stays put.
 */
export function InView({
  showing,
  className,
  children,
}: {
  /** A value that changes with each new result (a job id, a document id), so each one is brought into view. */
  showing?: unknown;
  className?: string;
  children: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    place.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showing]);
  return (
    <div ref={place} className={className} data-in-view="">
      {children}
    </div>
  );
}
