// The logging service's wire format (docs/wire-format.md) as an upload target: each step of the uploader as one
// request of the service client.
import type { ServiceClient } from './service-client.ts';
import type { UploadTarget } from './upload-target.types.ts';

export interface WireTargetDeps {
  client: ServiceClient;
  appKey: string;
  /** This device's udid, which device keys are set on. */
  udid: string;
  /** The service's page of an issue, sent with it. */
  issueURL: (uuid: string) => string;
}

export function createWireTarget({ client, appKey, udid, issueURL }: WireTargetDeps): UploadTarget {
  return {
    async registerSession(payload) {
      return (await client.call('sendSession', payload)).id;
    },
    async sendIssue(sessionId, { uuid, title, text, type }) {
      await client.call('sendIssue', { uid: uuid, url: issueURL(uuid), title, text, app: { key: appKey }, type, session_id: sessionId });
    },
    async sendLogs(sessionId, logs) {
      await client.call('sendLogs', { session_id: sessionId, logs });
    },
    async sendKey(key, value) {
      await client.call('setDeviceKey', { app_key: appKey, device_id: udid, key, value });
    },
  };
}
