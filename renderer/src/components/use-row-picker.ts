import { useRef, useState, type KeyboardEvent, type RefCallback } from 'react';

/** What a list row's pick button needs: pressed when its row is the one shown, ↑/↓ walk the list. */
export interface PickButtonProps {
  'aria-pressed': boolean;
  ref: RefCallback<HTMLButtonElement>;
  onClick(): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
}

export interface RowPicker<T> {
  /** The row the details pane shows: the one picked, else the first (so a list of one needs no click). */
  selected: T | undefined;
  pick(row: T): void;
  /** The props of the button that names a row (its number): click or ↑/↓ picks. */
  pickProps(row: T): PickButtonProps;
  isSelected(row: T): boolean;
}

/**
 * A list whose rows are picked to show one in a details pane, where its actions are (Stored, Checkout): a table
 * with several buttons on every row does not fit 800 px, and a red Delete beside every row is one slip away. The
 * row's number is its pick button, as in Jobs and History: the keyboard walks the list with ↑/↓, picking as it
 * goes. `onPick` is told of each pick (to bring the pane into view where it is below the list).
 */
export function useRowPicker<T>(
  rows: readonly T[] | undefined,
  idOf: (row: T) => string,
  onPick?: (row: T) => void,
): RowPicker<T> {
  const [pickedId, setPickedId] = useState<string | undefined>();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const selected = rows?.find((row) => idOf(row) === pickedId) ?? rows?.[0];
  const selectedId = selected === undefined ? undefined : idOf(selected);

  function pick(row: T): void {
    setPickedId(idOf(row));
    onPick?.(row);
  }

  return {
    selected,
    pick,
    isSelected: (row) => idOf(row) === selectedId,
    pickProps(row) {
      const id = idOf(row);
      return {
        'aria-pressed': id === selectedId,
        ref: (element) => {
          if (element) buttons.current.set(id, element);
          else buttons.current.delete(id);
        },
        onClick: () => pick(row),
        onKeyDown(event) {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          const list = rows ?? [];
          const index = list.findIndex((candidate) => idOf(candidate) === id);
          const next = list[index + (event.key === 'ArrowDown' ? 1 : -1)];
          if (next === undefined) return;
          pick(next);
          buttons.current.get(idOf(next))?.focus();
        },
      };
    },
  };
}
