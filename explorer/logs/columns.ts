// What a row of the stream shows (docs/facets.md#columns): the columns the viewer chose and the device key that says
// who a log is from, both in the address (`cols`, `who`) so that a link shares them. No `cols` is every column.

export const COLUMNS = [
  { name: 'time', label: 'Time' },
  { name: 'level', label: 'Level' },
  { name: 'tag', label: 'Tag' },
  { name: 'text', label: 'Text' },
  { name: 'who', label: 'Who' },
  { name: 'place', label: 'File/method' },
  { name: 'url', label: 'URL' },
] as const;
export type Column = (typeof COLUMNS)[number]['name'];

/** `cols` when every column is hidden. */
const NO_COLUMN = 'none';

interface RowView {
  columns: ReadonlySet<Column>;
  /** The device key rows show as who a log is from; null: the device's name. */
  who: string | null;
}

/** The row view an address names; an unknown column name is left out. */
export function rowView(params: URLSearchParams): RowView {
  const cols = params.get('cols');
  const named = cols === null || cols === '' ? null : new Set(cols.split(','));
  return {
    columns: new Set(COLUMNS.map(({ name }) => name).filter((name) => named === null || named.has(name))),
    who: params.get('who') || null,
  };
}

/** `cols` for the columns `shown`: absent when it is every one, as it was before any was hidden. */
export function columnsParam(shown: ReadonlySet<Column>): string | undefined {
  const names = COLUMNS.map(({ name }) => name).filter((name) => shown.has(name));
  return names.length === COLUMNS.length ? undefined : names.length === 0 ? NO_COLUMN : names.join(',');
}
