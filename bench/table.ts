// The markdown the bench prints: the figures (median, with min–max over the rounds) and the ratios.
import type { OnDemandChunk } from './bundle-bytes.ts';
import type { ContenderFigures } from './figures.ts';
import type { Summary } from './summary.ts';

function number(value: number, digits: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function digitsFor(value: number): number {
  const size = Math.abs(value);
  return size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3;
}

function cell(summary: Summary): string {
  if (summary.median === null) return '—';
  const digits = digitsFor(summary.median);
  const spread =
    summary.min === summary.max ? '' : ` (${number(summary.min!, digits)}–${number(summary.max!, digits)})`;
  const missing = summary.values.filter((value) => value === null).length;
  return `${number(summary.median, digits)}${spread}${missing ? ` ¹` : ''}`;
}

function times(value: number | null): string {
  if (value === null) return '—';
  return `${number(value, value >= 100 ? 0 : value >= 10 ? 1 : 2)}×`;
}

/** Median KB its uploads took uncompressed and gzipped, the one sent in bold. */
function uploaded(row: ContenderFigures): string {
  const { sent, plain, gzip } = row.figures.upload;
  if (sent.median === null || plain.median === null || gzip.median === null) return '—';
  const kb = (bytes: number) => number(bytes / 1024, 0);
  const gzipped = sent.median === gzip.median && sent.median !== plain.median;
  return gzipped ? `${kb(plain.median)} / **${kb(gzip.median)}**` : `**${kb(plain.median)}** / ${kb(gzip.median)}`;
}

/** Fewest lines delivered in a round, and most lost and duplicated. */
function deliveredLostDuplicated(row: ContenderFigures): string {
  const { delivered, lost, duplicated } = row.figures;
  if (delivered.median === null) return '—';
  return `${delivered.min} / ${lost.max ?? '—'} / ${duplicated.max}`;
}

export function renderTable(
  rows: ContenderFigures[],
  sidelogWorkerGzip: number,
  sidelogOnDemand: OnDemandChunk[],
): string {
  const kb = (bytes: number) => number(bytes / 1024, 1);
  const lines = [
    '| contender | µs per call, calls | µs per call, full | µs per call, CPU | blocking ms | durable ms | delivered ms | delivered / lost / dup | uploaded KB, plain / gzip | main-thread KB gz |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows
      .map((row) =>
        [
          row.label,
          cell(row.figures.callUs),
          cell(row.figures.fullUs),
          cell(row.figures.cpuUs),
          cell(row.figures.tbtMs),
          cell(row.figures.durableMs),
          cell(row.figures.deliveredMs),
          deliveredLostDuplicated(row),
          uploaded(row),
          kb(row.figures.gzipBytes),
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
    `| Sidelog's worker (off the main thread) | | | | | | | | | ${kb(sidelogWorkerGzip)} |`,
    ...sidelogOnDemand.map((chunk) => `| Sidelog on demand: ${chunk.label} | | | | | | | | | ${kb(chunk.bytes)} |`),
    '',
    '| contender | calls × floor | full × bare logger | CPU × bare logger | calls × Bugfender | full × Bugfender | blocking × Bugfender | durable × Bugfender | delivered × Bugfender | KB × Bugfender |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${[
          row.label,
          times(row.ratios.toFloor.callUs),
          times(row.ratios.toBare.fullUs),
          times(row.ratios.toBare.cpuUs),
          times(row.ratios.toPeer.callUs),
          times(row.ratios.toPeer.fullUs),
          times(row.ratios.toPeer.tbtMs),
          times(row.ratios.toPeer.durableMs),
          times(row.ratios.toPeer.deliveredMs),
          times(row.ratios.toPeer.gzipBytes),
        ].join(' | ')} |`,
    ),
  ];
  lines.push(
    '',
    "Uploaded KB: request bodies at the collector or at the bench's intakes (OTLP, Datadog, Sentry), the form sent in bold, the other worked out with zlib.",
  );
  if (
    rows.some((row) =>
      Object.values(row.figures).some(
        (figure) =>
          typeof figure === 'object' && 'median' in figure && figure.median !== null && figure.values.includes(null),
      ),
    )
  )
    lines.push(
      '',
      '¹ not every round had this figure (not all lines stored or delivered in that round, or the round failed).',
    );
  return lines.join('\n');
}
