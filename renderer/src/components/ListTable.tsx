import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen's list: "loading" until the rows arrive (or nothing, with `loading={null}`), a sentence when there
 * are none, else a table named by `label` with one header cell per column and one row per item. A table wider
 * than its box (parcel numbers at 800 px) scrolls inside it, as Jobs' list does beside its details, so the page
 * never scrolls sideways and the nav and scan field stay put.
 */
export function ListTable<T>({
  label,
  rows,
  columns,
  empty,
  loading,
  testId,
  children,
}: {
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly string[];
  empty: ReactNode;
  loading?: ReactNode;
  testId?: string;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (rows === undefined) return loading === null ? null : <p>{loading ?? t('common.loading')}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="table-scroll">
      <table className="table" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}
