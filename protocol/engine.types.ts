// The contract between the page and the Sidelog engine. In a worker the engine's calls go through Comlink
// (`wrap<WorkerEngineApi>()`) and its writes, fire-and-forget, on a MessageChannel of their own that the page
// transfers with `start`; in the page (modes B and C) it is the same object, called directly. Two channels
// do not keep the order between a write and a call, so a call that depends on earlier writes names the last
// of them by its seq, and the engine waits for that write before it answers.
import type { DeviceInfo, DeviceKeyValue, SessionPayload } from './records.types.ts';
import type { IssueType } from './levels.ts';
import type { LogColumns } from './log-columns.ts';
import type { OtlpConfig } from './otlp-options.ts';
import type { RedactConfig } from './redact/redact-options.ts';

/** The operation modes (docs/modes.md#modes), with mode A split by the kind of worker that carries it. */
export type SidelogMode = 'A-shared' | 'A-dedicated' | 'B' | 'C';

interface RawIssue {
  type: IssueType;
  title: string;
  text: string;
  uuid: string;
}

/** A write from the page. `sl` marks Sidelog's own messages; `seq` counts writes per page. */
export type WriteMessage =
  /** A buffer of log calls, in call order. */
  | { sl: 'logs'; seq: number; logs: LogColumns }
  /** An issue, crash or user feedback; forces one send. */
  | { sl: 'issue'; seq: number; issue: RawIssue }
  /** A device key to set, or to remove when value is null. */
  | { sl: 'key'; seq: number; key: string; value: DeviceKeyValue }
  /** Writes an earlier page of this origin made but the engine had not stored when that page went away, as
   * that page kept them (docs/durability.md): its session, its run and its writes, each with its own seq. */
  | { sl: 'rescued'; seq: number; rescue: Rescue };

/** What a page leaving keeps of the writes not yet confirmed stored, to be stored by the next page. */
export interface Rescue {
  appKey: string;
  run: string;
  session: SessionPayload;
  writes: WriteMessage[];
}

/** Everything the engine needs from the page, which owns localStorage and sessionStorage. */
export interface EngineConfig {
  appKey: string;
  /** First 10 characters of the URL-safe base64 SHA-256 of the appKey. */
  appID: string;
  apiURL: string;
  baseURL: string;
  debug: boolean;
  sdkVersion: string;
  device: DeviceInfo;
  session: SessionPayload;
  /** The stored app id differed from this one: clear all four tables before anything else. */
  resetStorage: boolean;
  /** This page run (one client in one page load): the writes' seq count per run (docs/durability.md). */
  run: string;
  /** The highest `at` the session had when an earlier page of it went away, if the page knows it. */
  sessionLastAt?: number;
  /** Where data lives: the browser database (modes A and B) or memory (mode C). */
  storage: 'indexeddb' | 'memory';
  /** 'lock': tabs elect one uploader with Web Locks; 'always': this engine uploads its own data (mode C). */
  leadership: 'lock' | 'always';
  /** Upload over OTLP/HTTP instead of the logging service's wire (docs/opentelemetry.md#sidelog-uploads-otlp). */
  otlp?: OtlpConfig;
  /** The rules this page's writes are redacted with before they are stored (docs/privacy.md#redaction); every
   * built-in when not given. */
  redact?: RedactConfig;
}

/** What the engine reports about itself; for the page's `debug` output and for tests. */
export interface EngineStatus {
  isAppValid: boolean;
  isDeviceEnabled: boolean;
  isForceEnabled: boolean;
  isLeader: boolean;
  /** Upload runs finished by this engine (whatever their outcome): lets a caller wait for the next one. */
  uploadRuns: number;
  /** Rows waiting for upload, over all sessions. */
  pending: { logs: number; issues: number; deviceKeys: number; sessions: number };
}

/** Called by the engine with its own failures when `debug` is on. */
export type DebugSink = (message: string) => void;

/** Called by the engine with the seq up to which this page's writes are stored (or were refused by the guard). */
export type StoredSink = (seq: number) => void;

/** A write as a worker's channel delivered it, not yet read: reading it (a message's `data`) is when the browser
 * deserialises it, which the engine leaves until it stores the write (docs/modes.md#the-page-and-the-worker). */
export type UnreadWrite = () => WriteMessage;

/** The engine as one tab sees it. */
export interface EngineApi {
  /** Opens storage for this tab's session and starts status checks and uploads. `stored` is told the seq up to
   * which the page's writes are stored: the page keeps, and rescues if it goes away, only those after it. */
  start(config: EngineConfig, debug?: DebugSink, stored?: StoredSink): Promise<EngineStatus>;
  /** Stores a write; in a worker this arrives on the writes' own channel, not as a Comlink call, and unread. */
  write(message: WriteMessage | UnreadWrite): void;
  /** Resolves once the write numbered `seq` has arrived and every write up to it is stored (or was refused by
   * the guard). `seq` must be one the page handed over (0: none). */
  settle(seq: number): Promise<void>;
  /** Runs one upload now, sending logs whatever the device's status; resolves when it ended. `after`: the seq of
   * the page's last write, which the engine waits for first (each of these calls takes it, as settle does). */
  forceSendOnce(after?: number): Promise<void>;
  setForceEnabled(enabled: boolean): Promise<void>;
  /** The page is being hidden: flush what can be flushed before it may go away. */
  pageHidden(after?: number): Promise<void>;
  status(): Promise<EngineStatus>;
  /** The tab is done: stop timers and let go of leadership. */
  close(after?: number): Promise<void>;
}

/** The engine as a worker exposes it to a tab through Comlink: `start` also takes the port the tab's writes
 * arrive on (one end of a MessageChannel, transferred); `write` is not a call. `Port` is MessagePort (protocol/
 * is built without the DOM's types). */
export interface WorkerEngineApi<Port> extends Omit<EngineApi, 'start' | 'write'> {
  start(
    config: EngineConfig,
    debug: DebugSink | undefined,
    stored: StoredSink | undefined,
    writes: Port,
  ): Promise<EngineStatus>;
}
