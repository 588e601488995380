// The logging-service wire format (design.md §5), kept compatible with Bugfender's public web API.
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

export interface DeviceStatusRequest {
  app_token: string;
  device: DeviceInfo;
}
export interface DeviceStatusAnswer {
  logger_enabled?: boolean;
  error?: { code: number };
}

export type SessionRequest = SessionPayload;
export interface SessionAnswer {
  id: number;
}

export interface IssueRequest {
  uid: string;
  /** `{baseURL}/intent/{appID}/issue/{uuid}` */
  url: string;
  title: string;
  text: string;
  app: { key: string };
  type: IssueType;
  session_id: number;
}

export interface LogBatchRequest {
  session_id: number;
  /** At most UPLOAD_BATCH_SIZE. */
  logs: LogRecord[];
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
  sendLogs: Record<string, never>;
  setDeviceKey: Record<string, never>;
}

/** The SDK agent string sent as X-User-Agent. */
export function userAgent(sdkVersion: string): string {
  return `sidelog-web/${sdkVersion}`;
}

/** Links to the service's pages. */
export const intentURL = {
  issue: (baseURL: string, appID: string, uuid: string) => `${baseURL}/intent/${appID}/issue/${uuid}`,
  session: (baseURL: string, appID: string, uuid: string) => `${baseURL}/intent/${appID}/session/${uuid}`,
  device: (baseURL: string, appID: string, udid: string) => `${baseURL}/intent/${appID}/device/${udid}`,
};
