// The filtered log stream as a file: NDJSON (one log's JSON a line) or CSV (RFC 4180), a page of 1,000 logs at a time,
// each page read when the connection wants more and after a turn of the event loop: an export never holds the service
// for more than one page, and never holds more than a page in memory. A failure before the first byte answers as any
// request does (a status and `{ error }`); one after it cuts the connection, so that the client sees the download
// fail instead of a clean end to a partial file. Each export is recorded, by whom, of what view and how many logs
// (docs/privacy.md#each-download-is-recorded). docs/local-service.md#exports
import type { Context } from 'hono';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { allLogs } from '../stores/explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { CSV_COLUMNS } from '../stores/log-columns.ts';
import type { DownloadRecordStore } from '../stores/store.types.ts';
import { recordedDownload, type Tally } from './recorded-download.ts';

type ExportFormat = 'ndjson' | 'csv';

/** Logs a step reads and writes: a few milliseconds of the event loop. */
export const EXPORT_PAGE = 1_000;
/** A step that reads a search window by window stops after this long, and the next step goes on from there. */
export const EXPORT_STEP_MS = 50;

/** The log's own columns (server/stores/log-columns.ts), then who it is from. */
const CSV_HEADERS = [...CSV_COLUMNS.map((column) => column.csv!.header), 'session', 'device'];
const LEVEL_NAMES = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'];

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs a logged formula. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function exportLine(log: ExplorerLog, format: ExportFormat): string {
  if (format === 'ndjson') return `${JSON.stringify(log)}\n`;
  const fields = log as unknown as Record<string, unknown>;
  const row = [
    ...CSV_COLUMNS.map((column) =>
      column.kind === 'level' ? (LEVEL_NAMES[log.ll ?? 0] ?? log.ll) : fields[column.name],
    ),
    log.session_uid,
    log.udid,
  ];
  return `${row.map(csvField).join(',')}\r\n`;
}

/** The view's logs as the format's text, a page at a time; CSV's header first; counted in `tally` as they go. */
async function* exportText(
  pages: AsyncGenerator<ExplorerLog[]>,
  format: ExportFormat,
  tally: Tally,
): AsyncGenerator<string> {
  let header = format === 'csv' ? `${CSV_HEADERS.join(',')}\r\n` : '';
  for await (const logs of pages) {
    tally.logs += logs.length;
    yield header + logs.map((log) => exportLine(log, format)).join('');
    header = '';
  }
  tally.whole = true;
}

/** The view an export's record names: its address's query without the export's `format`, and with the words a person
 * could be found by (the search's, a key's value) left out, since the record outlives an erasure of that person. */
export function exportedView(params: URLSearchParams): string {
  const view = new URLSearchParams();
  for (const [name, value] of params)
    if (name !== 'format') view.append(name, (name === 'q' || name === 'value') && value !== '' ? '…' : value);
  return view.toString();
}

/** The view's logs as a file, recorded as `by`'s download (recorded-download.ts). */
export function streamExport(
  c: Context,
  queries: ExplorerQueries,
  records: DownloadRecordStore,
  filter: LogFilter,
  format: ExportFormat,
  { name, by, view }: { name: string; by: string; view: string },
): Promise<Response> {
  const texts = recordedDownload(records, filter.appKey, { of: 'export', udid: null, view, format }, by, (tally) =>
    exportText(allLogs(queries, filter, EXPORT_PAGE, EXPORT_STEP_MS), format, tally),
  );
  return streamDownload(c, texts, {
    type: format === 'ndjson' ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8',
    file: `${name}.${format}`,
  });
}

/** A file downloaded as `texts` gives it, each text read when the connection wants more and after a turn of the event
 * loop; the first before the status is sent, so that a database that fails there answers 503 or 507 as any request
 * would. Also a device's copy (server/explorer/device-copy.ts). */
export async function streamDownload(
  c: Context,
  texts: AsyncGenerator<string>,
  { type, file }: { type: string; file: string },
): Promise<Response> {
  const first = await texts.next();
  const encoder = new TextEncoder();
  let waiting: Uint8Array | undefined = encoder.encode(first.done ? '' : first.value);
  const ended = first.done === true;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (waiting) {
          controller.enqueue(waiting);
          waiting = undefined;
          if (ended) controller.close();
          return;
        }
        try {
          await nextTurn();
          const next = await texts.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          console.error(`download of ${c.req.path}: cut after its first byte:`, error);
          // @hono/node-server destroys the socket: a chunked response without its last chunk, which every client
          // reads as a failed download.
          controller.error(error);
        }
      },
      async cancel() {
        await texts.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  c.header('Content-Type', type);
  c.header('Content-Disposition', `attachment; filename="${file}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(body);
}
