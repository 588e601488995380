// A log's text with the search's hits in <mark> (explorer/logs/highlight.ts). The stream's page gives the patterns
// once through SearchHighlight; rows elsewhere (the lines around a log) have none and show plain text.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { RedactedText } from '../RedactedText.tsx';
import { highlightPatterns, highlightRanges } from './highlight.ts';

const Patterns = createContext<readonly RegExp[]>([]);

/** Highlights, in the rows inside it, the hits of the search box's query `q`. */
export function SearchHighlight({ q, children }: { q: string; children: ReactNode }) {
  const patterns = useMemo(() => highlightPatterns(q), [q]);
  return <Patterns value={patterns}>{children}</Patterns>;
}

export function Highlighted({ text }: { text: string }) {
  const patterns = useContext(Patterns);
  const ranges = patterns.length === 0 ? [] : highlightRanges(text, patterns);
  if (ranges.length === 0) return <RedactedText text={text} />;
  // Between the hits, redactions' replacements are marked as everywhere (explorer/RedactedText.tsx); a hit is a hit.
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    parts.push(
      <RedactedText key={`${at}-text`} text={text.slice(at, start)} />,
      <mark key={start}>{text.slice(start, end)}</mark>,
    );
    at = end;
  }
  parts.push(<RedactedText key={`${at}-text`} text={text.slice(at)} />);
  return parts;
}
