// A capture's line as words (explorer/logs/event-line.ts): the event, what it happened on, its label, value or URL,
// the search's hits and redactions marked in those as in any text (docs/explorer-views.md#event-lines).
import { Fragment } from 'react';
import type { EventPart } from './event-line.ts';
import { Highlighted } from './Highlighted.tsx';

export function EventText({ parts }: { parts: EventPart[] }) {
  return (
    <span className="event-line">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          {part.kind === 'text' ? (
            <Highlighted text={part.text} />
          ) : (
            <span className={`event-${part.kind}`}>
              <Highlighted text={part.text} />
            </span>
          )}
        </Fragment>
      ))}
    </span>
  );
}
