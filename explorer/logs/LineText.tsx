// A line's text as the stream's rows show it, and wherever else a line is shown (an issue's story, a sequence's
// matches, a pattern's example): a network line as its columns, a capture's line as words
// (docs/explorer-views.md#event-lines), any other text as it is, redactions marked, or its first `cut` characters.
import { useMemo } from 'react';
import { EventText } from './EventText.tsx';
import { eventParts } from './event-line.ts';
import { Highlighted } from './Highlighted.tsx';
import { NetworkText } from './NetworkText.tsx';
import { networkColumns } from './network-line.ts';

export function LineText({ tag, text, cut }: { tag: string | null | undefined; text: string; cut?: number }) {
  const network = useMemo(() => networkColumns(tag, text), [tag, text]);
  const event = useMemo(() => eventParts(tag, text), [tag, text]);
  if (network) return <NetworkText columns={network} />;
  if (event) return <EventText parts={event} />;
  if (!text) return '(no text)';
  if (cut === undefined) return <Highlighted text={text} />;
  return (
    <>
      <Highlighted text={text.slice(0, cut)} />…
    </>
  );
}
