// The "?" beside the search box: the query language's cheat sheet in a popover (the browser's own popover: it closes
// on Escape or a click outside, and its button says whether it is open), and the keys the stream takes.
import { CHEAT_SHEET } from './search-cheat-sheet.ts';
import { TableHead } from '../TableHead.tsx';

export function SearchHelp({ id }: { id: string }) {
  return (
    <>
      <button type="button" className="search-help-button" popoverTarget={id} aria-label="Search syntax">
        ?
      </button>
      {/* Focusable, so that a keyboard scrolls it where it is taller than the window (explorer.css). */}
      <div id={id} popover="auto" className="search-help card" role="dialog" aria-label="Search syntax" tabIndex={0}>
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
        {/* The keys the stream takes (docs/explorer.md#the-screen), said where a viewer looks for help. */}
        <p className="search-help-keys">
          Keys: <kbd>/</kbd> to search from anywhere on the page, <kbd>↑</kbd> and <kbd>↓</kbd> in the list to choose a
          log, <kbd>Enter</kbd> to open it, <kbd>Escape</kbd> to close it.
        </p>
      </div>
    </>
  );
}
