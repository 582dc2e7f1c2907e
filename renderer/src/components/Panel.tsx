import type { ReactNode } from 'react';

/** A titled panel of a screen; the title names the region. */
export function Panel({
  id,
  title,
  className,
  testId,
  children,
}: {
  /** Prefix of the title's id. */
  id: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `panel ${className}` : 'panel'}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      {/* Focusable by script only: an index or a message that leads to this panel puts the keyboard here. */}
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
