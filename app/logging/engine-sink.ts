// What the page's writes pass through on their way to the engine. Device keys and issue texts are made safe here,
// as they go, rather than in the call: the sanitising code then comes with the start-up chunk, not with the
// page's first load (docs/benchmarks.md#main-thread-cost), and the calls before it loads simply wait in the queue.
// Device keys are redacted here too, with the built-ins only, as the page keeps its own copy of them in localStorage
// (docs/privacy.md#where-redaction-runs); logs and issues, and every rule of the app's, are the engine's to apply. A message refused for an
// uncloneable value is written again with that value as text (app/logging/cloneable.ts).
import { sanitiseDeviceKey, stringify, type Redact, type WriteMessage } from '../../protocol/index.ts';
import { cloneableSink } from './cloneable.ts';
import type { WriteSink } from './write-queue.ts';

/** Sanitises a device key or an issue in place (the queue keeps the same message for a rescue); idempotent. */
export function sanitiseWrite(message: WriteMessage, redact: Redact): WriteMessage {
  if (message.sl === 'key') {
    const sane = sanitiseDeviceKey(message.key, message.value ?? '', redact);
    message.key = sane.key;
    // null removes the key, and stays null.
    if (message.value !== null) message.value = sane.value;
  } else if (message.sl === 'issue') {
    message.issue.text = stringify(message.issue.text) ?? '';
  }
  return message;
}

export function engineSink(sink: WriteSink, redact: Redact): WriteSink {
  const cloneable = cloneableSink(sink);
  return { write: (message) => cloneable.write(sanitiseWrite(message, redact)) };
}
