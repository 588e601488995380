// The "?" beside the search box: the query language's cheat sheet in a popover (the browser's own popover: it closes
// on Escape or a click outside, and its button says whether it is open).
import { CHEAT_SHEET } from './search-cheat-sheet.ts';
import { TableHead } from '../TableHead.tsx';

export function SearchHelp({ id }: { id: string }) {
  return (
    <>
      <button type="button" className="search-help-button" popoverTarget={id} aria-label="Search syntax">
        ?
      </button>
      <div id={id} popover="auto" className="search-help card" role="dialog" aria-label="Search syntax">
        <table>
          <caption>Search syntax</caption>
          <TableHead columns={['Type', 'To find']} />
          <tbody>
            {CHEAT_SHEET.map(({ example, meaning }) => (
              <tr key={example}>
                <td>
                  <code>{example}</code>
                </td>
                <td>{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
