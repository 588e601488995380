// Where the uploader sends what is stored. The uploader decides what goes, when and in which order
// (docs/uploader.md); a target only turns each step into its requests. The logging service's wire format is one
// target (worker/wire-target.ts); another export target is one more file that implements this.
import type { DeviceKeyValue, IssueData, LogRecord, SessionPayload } from '../protocol/index.ts';

export interface UploadTarget {
  /** Registers a session; resolves to the id the target gave it. */
  registerSession(payload: SessionPayload): Promise<number>;
  sendIssue(sessionId: number, issue: IssueData): Promise<void>;
  /** At most UPLOAD_BATCH_SIZE logs. Rejects with a refusal (worker/refused-logs.ts) when the target refuses the
   * batch's data, which the uploader then isolates; any other rejection is retried later. */
  sendLogs(sessionId: number, logs: LogRecord[]): Promise<void>;
  sendKey(key: string, value: DeviceKeyValue): Promise<void>;
}
