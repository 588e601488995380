// The records Sidelog stores and uploads, field for field as docs/wire-format.md lists them.
import type { IssueType, LogLevel } from './levels.ts';

/** One log line as stored and as sent to the service. */
export interface LogRecord {
  /** ISO time of the call. */
  x: string;
  /** Text. */
  t?: string;
  /** Method (function) that logged. */
  m?: string;
  /** Epoch milliseconds; strictly increasing within a page. */
  at: number;
  /** Tag. */
  tg?: string;
  /** File. */
  f?: string;
  /** Line. */
  l?: number;
  /** Column of the call site in its line, counted from 1 as stacks count it: with the line, the position a source map
   * resolves in a minified bundle (docs/wire-format.md#log-record). Not Bugfender's: its collector ignores it. */
  lc?: number;
  /** Level. */
  ll?: LogLevel;
  /** URL of the page. */
  u?: string;
}

/** A log line as stored: the record plus its table keys. */
export interface StoredLog extends LogRecord {
  id?: number;
  sessionUUID: string;
}

export interface IssueData {
  title: string;
  text: string;
  type: IssueType;
  uuid: string;
}

export interface IssueRecord {
  id?: number;
  sessionUUID: string;
  data: IssueData;
}

export type DeviceKeyValue = string | number | boolean | null;

export interface DeviceKeyRecord {
  id?: number;
  sessionUUID: string;
  /** `value: null` removes the key on the service. */
  data: { key: string; value: DeviceKeyValue };
}

export interface SessionRecord {
  uuid: string;
  /** Given by the service when the session is registered. */
  id?: number;
  /** What registers the session; kept so that any uploader, in any tab, can register it. */
  payload: SessionPayload;
  /** The highest `at` stored for the session: the next log's `at` is above it, across reloads, tabs and engines. */
  lastAt?: number;
  /** Per page run (one SidelogClient in one page load), the last write stored: a rescued write at or below it
   * is already stored and is skipped (docs/durability.md). */
  runs?: Record<string, number>;
}

/** The stored device data map: device keys as the page last set them. */
export type DeviceData = Record<string, DeviceKeyValue>;

export interface DeviceInfo {
  udid: string;
  name: string;
  device_type: '';
  firebase_test_lab: false;
  key_values: DeviceData;
  language: string;
  os_version: string;
  sdk_type: 'web';
  sdk_version: string;
  build: string;
  version: string;
}

export interface SessionPayload {
  device: DeviceInfo;
  orientation: 0;
  batteryLevel: -1;
  ram_total: 0;
  ram_free: 0;
  ram_used: 0;
  language: string;
  /** ISO time the session started. */
  time: string;
  sdk_type: 'web';
  sdk_version: string;
  session_uid: string;
  app_version: { app: { key: string }; version: string; build: string };
}
