import { Fragment } from 'react';

/**
 * Shipment and parcel numbers as the label prints them: each whole on one line (a 20-digit parcel number broken in
 * two cannot be matched against a label at arm's length), the list wrapping between numbers only.
 */
export function Numbers({ numbers }: { numbers: readonly string[] }) {
  return (
    <span className="numbers">
      {numbers.map((number, index) => (
        <Fragment key={`${number}-${index}`}>
          {index > 0 ? ', ' : null}
          <span className="number mono">{number}</span>
        </Fragment>
      ))}
    </span>
  );
}
