// A download's record kept by the download itself (docs/privacy.md#each-download-is-recorded): written as the file's
// first text is asked for, before its first byte goes, so that a file that cannot be recorded is not given; ended in
// the generator's `finally` with what the file's texts counted, when they reach their end and when the download is cut
// (the stream's cancel returns the generator). A device's copy (server/explorer/device-copy.ts, a record a device) and
// a view's export (server/explorer/export.ts) alike.
import type { DownloadRecord } from '../../explorer-contract/api.types.ts';
import type { DownloadRecordStore } from '../stores/store.types.ts';

/** What the file's texts have written so far: its logs, and whether they reached their end. */
export interface Tally {
  logs: number;
  whole: boolean;
}

/** `texts` as one recorded download of `what` by `by`: they count what they write in the tally they are given. A
 * record that cannot be ended (the database gone midway) is told of rather than thrown over the download's own
 * outcome, which the client sees. */
export async function* recordedDownload(
  records: DownloadRecordStore,
  appKey: string,
  what: Pick<DownloadRecord, 'of' | 'udid' | 'view' | 'format'>,
  by: string,
  texts: (tally: Tally) => AsyncGenerator<string>,
  at = new Date(),
): AsyncGenerator<string> {
  const record = await records.startDownload(appKey, what, by, at);
  const tally: Tally = { logs: 0, whole: false };
  try {
    yield* texts(tally);
  } finally {
    await records
      .endDownload(record, tally.logs, tally.whole)
      .catch((error: unknown) => console.error(`download record ${record}: not ended:`, error));
  }
}
