// Sentry's envelope (https://develop.sentry.dev/sdk/data-model/envelopes/), as the bench's intake reads it: a JSON
// header line, then per item a JSON item header line and its payload, which runs `length` bytes when the item header
// says so and to the next newline when not. Of its items, the bench counts the lines of the log items (`type: "log"`,
// a JSON payload whose `items` are the logs, each with its `body`); the rest (client reports) it skips.

interface ItemHeader {
  type?: string;
  length?: number;
}

const NEWLINE = 0x0a;

/** The bodies of the log lines an envelope holds, in order. Throws on an envelope it cannot read. */
export function sentryLogBodies(envelope: Buffer): string[] {
  let at = 0;
  /** The bytes up to the next newline (or the end), and past the newline. */
  const line = (): Buffer => {
    const end = envelope.indexOf(NEWLINE, at);
    const found = envelope.subarray(at, end === -1 ? envelope.length : end);
    at = end === -1 ? envelope.length : end + 1;
    return found;
  };
  line(); // the envelope's header: nothing the bench counts
  const bodies: string[] = [];
  while (at < envelope.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue; // a trailing newline
    const header = JSON.parse(headerLine.toString('utf8')) as ItemHeader;
    let payload: Buffer;
    if (typeof header.length === 'number') {
      payload = envelope.subarray(at, at + header.length);
      at += header.length + 1;
    } else payload = line();
    if (header.type !== 'log') continue;
    const { items } = JSON.parse(payload.toString('utf8')) as { items?: { body?: unknown }[] };
    for (const item of items ?? []) bodies.push(String(item.body));
  }
  return bodies;
}
