// A device's day as the tests of a person's data send it (device-erasure.test.ts, device-copy.test.ts): two sessions
// of `lines` logs each whose text holds `word`, an issue in the second, and its user's id set twice; and support's
// replies on the issues' group.
import { expect } from 'vitest';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import type { Harness } from './service-harness.ts';

export async function sendDeviceDay(
  service: Harness,
  udid: string,
  word: string,
  lines: number,
  from: number,
  app = DEMO_APP_KEY,
): Promise<void> {
  for (const part of ['a', 'b']) {
    const answer = await service.wire('sendSession', sessionPayload(`s-${udid}-${part}`, app, udid), app);
    const { id } = (await answer.json()) as { id: number };
    const batch = logs(lines, from + (part === 'a' ? 0 : lines)).map((log) => ({ ...log, t: `${word} ${log.t}` }));
    expect((await service.wire('sendLogs', { session_id: id, logs: batch }, app)).status).toBe(200);
    if (part === 'b') {
      const issue = { uid: `i-${udid}`, url: '', title: 'Checkout failed', text: `${word} trace`, type: 'issue' };
      expect((await service.wire('sendIssue', { ...issue, session_id: id }, app)).status).toBe(200);
    }
  }
  for (const value of ['u-1', 'u-2'])
    await service.wire('setDeviceKey', { app_key: app, device_id: udid, key: 'user_id', value }, app);
}

/** Support's replies on the demo app's issue group `group`: each on an issue's page (its uid), or on the group's (null). */
export async function replyOn(service: Harness, group: number, replies: readonly (readonly [string | null, string])[]) {
  for (const [issue_uid, text] of replies)
    await service.store.addIssueReply(DEMO_APP_KEY, {
      group_id: group,
      issue_uid,
      author: 'admin',
      text,
      created_at: new Date().toISOString(),
      resolved: false,
    });
}
