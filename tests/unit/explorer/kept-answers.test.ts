// An answer that changes slowly (an app's tags) read once and kept for a while, per path, rather than on every visit
// to a page: the Logs page read /tags on each navigation to it, up to 1.8 s each, beside the stream's own queries.
import { describe, expect, test } from 'vitest';
import { createKeptAnswers } from '../../../explorer/kept-answers.ts';

describe('answers kept for a while', () => {
  test('one read per path while fresh, another once it is older than the time kept, and again after a failure', async () => {
    let now = 0;
    const reads: string[] = [];
    let fail = false;
    const kept = createKeptAnswers(
      async (path: string) => {
        reads.push(path);
        if (fail) throw new Error('refused');
        return [`${path} at ${now}`];
      },
      { keepMs: 60_000, now: () => now },
    );
    expect(await kept.get('/apps/a/tags')).toEqual(['/apps/a/tags at 0']);
    now = 59_999;
    expect(await kept.get('/apps/a/tags')).toEqual(['/apps/a/tags at 0']);
    expect(await kept.get('/apps/b/tags')).toEqual(['/apps/b/tags at 59999']);
    expect(reads).toEqual(['/apps/a/tags', '/apps/b/tags']);
    now = 60_000;
    expect(await kept.get('/apps/a/tags')).toEqual(['/apps/a/tags at 60000']);
    now = 200_000;
    fail = true;
    await expect(kept.get('/apps/a/tags')).rejects.toThrow('refused');
    fail = false;
    expect(await kept.get('/apps/a/tags')).toEqual(['/apps/a/tags at 200000']);
    expect(reads).toHaveLength(5);
  });

  test('reads asked for at once share one read', async () => {
    let reads = 0;
    const kept = createKeptAnswers(async () => ++reads, { keepMs: 1_000, now: () => 0 });
    expect(await Promise.all([kept.get('/t'), kept.get('/t')])).toEqual([1, 1]);
  });
});
