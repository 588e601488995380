// A download's record as the tests of docs/privacy.md#each-download-is-recorded compare it: every field but its time
// and appID, in one order.
import type { DownloadRecord } from '../../../explorer-contract/api.types.ts';

export const downloadRow = ({ app, of, udid, format, downloaded_by, logs, finished }: DownloadRecord) => [
  app,
  of,
  udid,
  format,
  downloaded_by,
  logs,
  finished,
];
