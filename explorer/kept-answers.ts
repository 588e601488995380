// Answers that change slowly (an app's tags), read once per path and kept for a while in the page, so that going back
// to a view does not read them again: the Logs page read its tags on every visit, beside the stream's own queries.
import { useEffect, useState } from 'react';
import { getJson } from './api.ts';

/** How long a kept answer serves: new tags show within it. */
const KEEP_MS = 5 * 60_000;

export function createKeptAnswers<T>(
  read: (path: string) => Promise<T>,
  { keepMs = KEEP_MS, now = Date.now }: { keepMs?: number; now?: () => number } = {},
) {
  const kept = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    get(path: string): Promise<T> {
      const found = kept.get(path);
      if (found && now() - found.at < keepMs) return found.answer;
      const answer = read(path);
      kept.set(path, { at: now(), answer });
      // A failure is not kept: the next visit asks again.
      answer.catch(() => {
        if (kept.get(path)?.answer === answer) kept.delete(path);
      });
      return answer;
    },
  };
}

const tagAnswers = createKeptAnswers<string[]>((path) => getJson<string[]>(path));

/** The app's tags, for the Tags field's suggestions; read at most once per KEEP_MS for each app. */
export function useTags(appId: string): string[] {
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    let gone = false;
    tagAnswers.get(`/apps/${encodeURIComponent(appId)}/tags`).then(
      (found) => gone || setTags(found),
      // No suggestions is all a failed read costs: the field takes any tag typed.
      () => gone || setTags([]),
    );
    return () => {
      gone = true;
    };
  }, [appId]);
  return tags;
}
