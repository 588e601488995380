// The filtered log stream as a file: NDJSON (one log's JSON a line) or CSV (RFC 4180), written a page at a time
// so that an export of a million logs never sits in memory.
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { allLogs, type ExplorerLog, type ExplorerQueries, type LogFilter } from '../explorer-queries.types.ts';

export type ExportFormat = 'ndjson' | 'csv';

const CSV_COLUMNS = ['time', 'level', 'tag', 'text', 'file', 'line', 'method', 'url', 'session', 'device'] as const;
const LEVEL_NAMES = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'];

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs a logged formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function exportLine(log: ExplorerLog, format: ExportFormat): string {
  if (format === 'ndjson') return `${JSON.stringify(log)}\n`;
  const row = [log.x, LEVEL_NAMES[log.ll ?? 0] ?? log.ll, log.tg, log.t, log.f, log.l, log.m, log.u, log.session_uid, log.udid];
  return `${row.map(csvField).join(',')}\r\n`;
}

export function streamExport(c: Context, queries: ExplorerQueries, filter: LogFilter, format: ExportFormat, name: string): Response {
  c.header('Content-Type', format === 'ndjson' ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.${format === 'ndjson' ? 'ndjson' : 'csv'}"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    let aborted = false;
    out.onAbort(() => {
      aborted = true;
    });
    if (format === 'csv') await out.write(`${CSV_COLUMNS.join(',')}\r\n`);
    for await (const page of allLogs(queries, filter)) {
      if (aborted) return;
      await out.write(page.map((log) => exportLine(log, format)).join(''));
    }
  });
}
