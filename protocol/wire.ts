// The logging-service wire format (docs/wire-format.md), kept compatible with Bugfender's public web API.
// All calls are `POST {apiURL}{path}` with a JSON body; success is 200 or 304 only.
import type { IssueType } from './levels.ts';
import type { DeviceInfo, DeviceKeyValue, LogRecord, SessionPayload } from './records.types.ts';

export const WIRE_PATHS = {
  getDeviceStatus: '/app/device-status',
  sendSession: '/session',
  sendIssue: '/issue',
  sendLogs: '/log/batch',
  setDeviceKey: '/device/keyvalue',
} as const;

export type WireOperation = keyof typeof WIRE_PATHS;

/** The service's answer code for an app key it does not know. */
export const INVALID_APP_CODE = -1004;

/** The reason (400) the service gives for a `session_id` it does not hold, such as a session its retention deleted;
 * the client registers the session again (docs/wire-format.md#session). */
export const UNKNOWN_SESSION_REASON = 'unknown session_id';

export interface DeviceStatusRequest {
  app_token: string;
  device: DeviceInfo;
}
interface DeviceStatusAnswer {
  logger_enabled?: boolean;
  error?: { code: number };
}

export type SessionRequest = SessionPayload;
interface SessionAnswer {
  id: number;
}

export interface IssueRequest {
  uid: string;
  /** `{baseURL}/intent/{appID}/issue/{uuid}`. Optional on the service: Bugfender's SDK does not send it. */
  url?: string;
  title: string;
  text: string;
  app: { key: string };
  type: IssueType;
  session_id: number;
}

/** The most logs one batch may hold: what the collector accepts from any client of the wire (@bugfender/sdk sends
 * up to 500). Sidelog's own batch size is tuning, at most this (worker/tuning.ts). */
export const MAX_LOGS_PER_BATCH = 500;

/** The longest uid of a session or device the collector takes (UTF-16 units): an id is a key of PostgreSQL's
 * B-trees, which hold at most about 2,700 bytes a key, and 512 units are at most 1,536 bytes of UTF-8
 * (docs/local-service.md#collector). Sidelog's and Bugfender's ids are 32 to 36 characters. */
export const MAX_ID_LENGTH = 512;

export interface LogBatchRequest {
  session_id: number;
  /** At most MAX_LOGS_PER_BATCH. */
  logs: LogRecord[];
}

/** A log of a batch the service could not store at all (not an object, or no time), by its index in the batch. */
export interface SkippedLog {
  index: number;
  reason: string;
}
/** 200 either way: a batch is never refused for one of its logs. */
interface LogBatchAnswer {
  skipped?: SkippedLog[];
}

export interface DeviceKeyRequest {
  app_key: string;
  device_id: string;
  key: string;
  /** null removes the key. */
  value: DeviceKeyValue;
}

export interface WireRequests {
  getDeviceStatus: DeviceStatusRequest;
  sendSession: SessionRequest;
  sendIssue: IssueRequest;
  sendLogs: LogBatchRequest;
  setDeviceKey: DeviceKeyRequest;
}

export interface WireAnswers {
  getDeviceStatus: DeviceStatusAnswer;
  sendSession: SessionAnswer;
  sendIssue: Record<string, never>;
  sendLogs: LogBatchAnswer;
  setDeviceKey: Record<string, never>;
}

/** The SDK agent string sent as X-User-Agent. */
export function userAgent(sdkVersion: string): string {
  return `sidelog-web/${sdkVersion}`;
}

/** Links to the service's pages, each id encoded once as a path segment (docs/wire-format.md#appid-and-intent-urls). */
export const intentURL = {
  issue: (baseURL: string, appID: string, uuid: string) =>
    `${baseURL}/intent/${appID}/issue/${encodeURIComponent(uuid)}`,
  session: (baseURL: string, appID: string, uuid: string) =>
    `${baseURL}/intent/${appID}/session/${encodeURIComponent(uuid)}`,
  device: (baseURL: string, appID: string, udid: string) =>
    `${baseURL}/intent/${appID}/device/${encodeURIComponent(udid)}`,
};
