import type { ReactNode, Ref } from 'react';

/**
 * The pane beside a list (below it at 800 px) with its picked row's facts and actions (Stored, Checkout): its title
 * is the row's number, as the list shows it; `children` the facts, the actions and what they answered.
 */
export function DetailsPane({
  label,
  testId,
  title,
  ref,
  children,
}: {
  /** What the pane holds ("Stored shipment"): its name for a screen reader. */
  label: string;
  testId: string;
  /** The picked row's number; none while nothing is picked (the pane then holds only answers). */
  title?: string;
  /** The pane itself, to bring it into view on a pick. */
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section className="panel details-pane" ref={ref} aria-label={label} data-testid={testId}>
      {title !== undefined ? <h2 className="mono">{title}</h2> : null}
      {children}
    </section>
  );
}
