// The order in which a run starts its files: Vitest's (docs/testing.md#order), the longest first, so that no long file
// starts late and runs alone at the end, by each file's duration in the last run on this machine; and where there was
// none, as on a fresh clone (CI's every run), by its duration in tests/durations.json rather than by its size, Vitest's
// own fallback: a small file can be long (one that waits on a lock's timeout, or starts servers), and started late it
// ran on past the rest (docs/testing.md#the-eighth-pass).
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import type { Durations } from '../../scripts/test-durations.ts';

/** What orders a file. */
export interface FileFacts {
  group: number;
  project: string;
  isolate: boolean;
  /** In the last run on this machine, when there was one. */
  last?: { failed: boolean; seconds: number };
  /** From tests/durations.json, when it names the file. */
  seeded?: number;
  bytes: number;
}

/** Vitest's order (its BaseSequencer's): by group, then project, isolated files first; failed files first, then the
 * longest; a file with no last run takes its committed duration, and one without either comes after those of its
 * project that have one, largest first. */
export function compareFiles(a: FileFacts, b: FileFacts): number {
  if (a.group !== b.group) return a.group - b.group;
  if (a.project !== b.project) return a.project < b.project ? -1 : 1;
  if (a.isolate !== b.isolate) return a.isolate ? -1 : 1;
  if (!!a.last?.failed !== !!b.last?.failed) return a.last?.failed ? -1 : 1;
  const seconds = (file: FileFacts) => file.last?.seconds ?? file.seeded;
  const [sa, sb] = [seconds(a), seconds(b)];
  if (sa !== undefined && sb !== undefined) return sb - sa;
  if (sa !== undefined || sb !== undefined) return sa !== undefined ? -1 : 1;
  return b.bytes - a.bytes;
}

const DURATIONS = new URL('../durations.json', import.meta.url);

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = JSON.parse(readFileSync(DURATIONS, 'utf8')) as Durations;
    const root = this.ctx.config.root;
    const facts = new Map(
      files.map((spec): [TestSpecification, FileFacts] => {
        const last = this.ctx.cache.getTestSpecificationResult(spec);
        return [
          spec,
          {
            group: spec.project.config.sequence.groupOrder,
            project: spec.project.name,
            isolate: spec.project.config.isolate,
            last: last && { failed: !!last.failed, seconds: last.duration / 1000 },
            seeded: durations[spec.project.name]?.[relative(root, spec.moduleId)],
            bytes: statSync(spec.moduleId).size,
          },
        ];
      }),
    );
    return [...files].sort((a, b) => compareFiles(facts.get(a)!, facts.get(b)!));
  }
}
