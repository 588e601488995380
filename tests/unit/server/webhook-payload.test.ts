// The webhook's payload as docs/explorer.md#the-webhook shows it: the example there is what the service sends for the
// same group and occurrence.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import { notificationPayload } from '../../../server/explorer/issue-grouping.ts';

test('the documented example is the payload of its group and occurrence', () => {
  const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/explorer.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## The webhook'));
  const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as ReturnType<typeof notificationPayload>;
  const { url: _url, ...group } = example.group;
  const text = 'Error: Payment 3 declined\nStack: …';
  const payload = notificationPayload(
    'reopened',
    example.app.app_id,
    group as IssueGroup,
    { ...example.issue, text },
    'https://logs.example',
  );
  expect(payload).toEqual(example);
  // What a long crash text becomes.
  expect(
    notificationPayload(
      'new',
      'x',
      group as IssueGroup,
      { ...example.issue, text: 'a'.repeat(5_000) },
      'https://logs.example',
    ).issue.text,
  ).toHaveLength(300);
});
