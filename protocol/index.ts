// protocol/: the contract between the page, the Sidelog engine and the logging service.
// Pure TypeScript: no DOM, no storage, no network.
export * from './levels.ts';
export * from './limits.ts';
export * from './options.ts';
export * from './sanitise.ts';
export * from './wire.ts';
export type * from './records.types.ts';
export * from './engine.types.ts';
export * from './log-columns.ts';
export * from './log-rows.ts';
export * from './older-columns.ts';
export * from './format-value.ts';
export * from './otlp-options.ts';
export * from './redact/redact-options.ts';
// The redaction function and its detectors are imported from protocol/redact/redactor.ts by what runs them (the
// engine, the page's start-up), so that no chunk that only needs a constant from here carries them.
export type { Redact } from './redact/redactor.ts';
