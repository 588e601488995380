// The lines Sidelog's captures write as JSON (docs/privacy.md#what-is-collected-by-default) read as a row's words:
// a UI event as its event, its element and the element's label ("click button "Pay""), a browser event as its event
// and URL, Web Vitals as their figures. A row is read for what happened, and their JSON buried it behind its keys
// (`{"event":"click","tag":"button","text":…`). Opening the row shows the whole JSON, the selector among it. Any
// other text, or one that does not read as the capture writes it, is shown as it is
// (docs/explorer-views.md#event-lines).
import { BROWSER_EVENT_TAG, UI_EVENT_TAG, WEB_VITALS_TAG } from '../../protocol/limits.ts';
import { lineObject } from './line-object.ts';

/** A row's words: `name` the event (bold), `target` what it happened on, `text` a label, value or URL, which the
 * search's hits and redactions mark as in any text. */
export interface EventPart {
  kind: 'name' | 'target' | 'text' | 'muted';
  text: string;
}

const VITALS = [
  ['lcp', 'LCP', ' ms'],
  ['inp', 'INP', ' ms'],
  ['cls', 'CLS', ''],
  ['fcp', 'FCP', ' ms'],
  ['ttfb', 'TTFB', ' ms'],
] as const;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function eventParts(tag: string | null | undefined, text: string): EventPart[] | undefined {
  if (tag !== UI_EVENT_TAG && tag !== BROWSER_EVENT_TAG && tag !== WEB_VITALS_TAG) return undefined;
  const line = lineObject(text);
  if (!line) return undefined;
  if (tag === WEB_VITALS_TAG) {
    const figures = VITALS.filter(([key]) => typeof line[key] === 'number').map(
      ([key, label, unit]) => `${label} ${line[key] as number}${unit}`,
    );
    return figures.length === 0 ? undefined : [{ kind: 'text', text: figures.join(' · ') }];
  }
  if (!isText(line.event)) return undefined;
  const parts: EventPart[] = [{ kind: 'name', text: line.event }];
  if (tag === BROWSER_EVENT_TAG) {
    if (isText(line.oldURL) && isText(line.newURL))
      parts.push(
        { kind: 'text', text: line.oldURL },
        { kind: 'muted', text: '→' },
        { kind: 'text', text: line.newURL },
      );
    else if (isText(line.url)) parts.push({ kind: 'text', text: line.url });
    return parts;
  }
  if (line.private === true) return [...parts, { kind: 'muted', text: '(private)' }];
  if (!isText(line.tag)) return undefined;
  parts.push({ kind: 'target', text: isText(line.id) ? `${line.tag}#${line.id}` : line.tag });
  if (isText(line.text)) parts.push({ kind: 'text', text: `"${line.text}"` });
  if (isText(line.value)) parts.push({ kind: 'muted', text: '=' }, { kind: 'text', text: line.value });
  return parts;
}
