// A line's text outside the stream's rows (an issue's story) as the rows show it: a network line as its columns, a
// capture's line as words (docs/explorer-views.md#event-lines), any other text as it is, redactions marked.
import { useMemo } from 'react';
import { EventText } from './EventText.tsx';
import { eventParts } from './event-line.ts';
import { Highlighted } from './Highlighted.tsx';
import { NetworkText } from './NetworkText.tsx';
import { networkColumns } from './network-line.ts';

export function LineText({ tag, text }: { tag: string | null | undefined; text: string }) {
  const network = useMemo(() => networkColumns(tag, text), [tag, text]);
  const event = useMemo(() => eventParts(tag, text), [tag, text]);
  if (network) return <NetworkText columns={network} />;
  if (event) return <EventText parts={event} />;
  return text ? <Highlighted text={text} /> : '(no text)';
}
