// What the tests' OTLP receiver (tests/support/otlp-browser-receiver.ts) says it received, read by the browser tests.

/** A record as a test reads it: its fields, its attributes and its request's resource as plain objects. */
export interface ReceivedRecord {
  timeUnixNano?: string;
  observedTimeUnixNano?: string;
  severityNumber?: number;
  severityText?: string;
  body?: unknown;
  eventName?: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope: { name?: string; version?: string };
}

export interface Received {
  records: ReceivedRecord[];
  /** Every request, answered or not: its status and its Content-Encoding. */
  requests: { status: number; encoding: string | null }[];
}
