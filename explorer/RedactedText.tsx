// A stored text with each built-in redaction's replacement (`[email]`, `[card]`, …: docs/privacy.md#in-the-explorer)
// shown as a marked token, so that a reader sees what was taken out rather than reading `[email]` as something
// someone wrote. Still rendered as text by React, never as markup.
import { Fragment } from 'react';
import { BUILT_IN_NAMES } from '../protocol/redact/redact-options.ts';

/** One capturing group, the name, so that `split` keeps the names at odd indexes. */
const REPLACEMENT = new RegExp(`\\[(${BUILT_IN_NAMES.join('|')})\\]`);

export function RedactedText({ text }: { text: string }) {
  const parts = text.split(REPLACEMENT);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 0 ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <mark key={index} className="redacted" title={`redacted: ${part}`}>
        [{part}]
      </mark>
    ),
  );
}
