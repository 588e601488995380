// What a row of the stream shows (docs/facets.md#columns): the columns the viewer chose and the device key that says
// who a log is from, both in the address (`cols`, `who`) so that a link shares them. No `cols` is every column, but
// on a session's stream (`session=`), whose header names its device and session once, every column but Who.

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

/** The columns an address without `cols` shows. */
function shownByDefault(params: URLSearchParams): Column[] {
  const every = COLUMNS.map(({ name }) => name);
  return params.get('session') ? every.filter((name) => name !== 'who') : every;
}

/** The row view an address names; an unknown column name is left out. */
export function rowView(params: URLSearchParams): RowView {
  const cols = params.get('cols');
  const named = cols === null || cols === '' ? new Set(shownByDefault(params)) : new Set(cols.split(','));
  return {
    columns: new Set(COLUMNS.map(({ name }) => name).filter((name) => named.has(name))),
    who: params.get('who') || null,
  };
}

/** `cols` for the columns `shown` on the view `params` names: absent when they are that view's default. */
export function columnsParam(shown: ReadonlySet<Column>, params: URLSearchParams): string | undefined {
  const names = COLUMNS.map(({ name }) => name).filter((name) => shown.has(name));
  const byDefault = shownByDefault(params);
  if (names.length === byDefault.length && names.every((name, i) => name === byDefault[i])) return undefined;
  return names.length === 0 ? NO_COLUMN : names.join(',');
}
