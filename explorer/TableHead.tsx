// A table's column heads, each a column header for screen readers (`scope="col"`), in the same markup on every view:
// a number column right-aligned (`num`), a column of links or buttons named for screen readers only (`hidden`).

/** A column's head: its label, or the label with how the column reads. */
export type Column = string | { label: string; num?: true; hidden?: true };

export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, num, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={num ? 'num' : undefined}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
