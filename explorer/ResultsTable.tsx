// A list read from the API shown as a table: Results' loading, failure and empty line first, then the frame every
// view's table has, a box that scrolls sideways around the table, its caption and its column heads, and a row an item.
import type { ReactNode } from 'react';
import { Results } from './Results.tsx';
import { TableHead, type Column } from './TableHead.tsx';
import type { Loaded } from './use-json.ts';

export function ResultsTable<T, Item>({
  loaded,
  items,
  empty,
  className,
  caption,
  captionHidden = false,
  columns,
  row,
}: {
  loaded: Loaded<T>;
  items: (data: T) => readonly Item[];
  empty: string;
  /** The table's own class, beside `table`. */
  className: string;
  /** What the table shows, above it; from the items shown when it counts them. None: no caption. */
  caption?: ReactNode | ((list: readonly Item[]) => ReactNode);
  /** The caption for screen readers only, where the section's heading says it already. */
  captionHidden?: boolean;
  columns: readonly Column[];
  /** An item's row: a `<tr>` with its key. */
  row: (item: Item, index: number) => ReactNode;
}) {
  return (
    <Results loaded={loaded} items={items} empty={empty}>
      {(list) => (
        <div className="table-scroll">
          <table className={`table ${className}`}>
            {caption === undefined ? null : (
              <caption className={captionHidden ? 'visually-hidden' : undefined}>
                {typeof caption === 'function' ? caption(list) : caption}
              </caption>
            )}
            <TableHead columns={columns} />
            <tbody>{list.map(row)}</tbody>
          </table>
        </div>
      )}
    </Results>
  );
}
