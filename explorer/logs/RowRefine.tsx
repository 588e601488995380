// An opened log's level, tag, file, URL and device, each to show alone or to hide (docs/facets.md#click-to-filter).
import type { ExplorerLog } from '../api.ts';
import { levelOf } from '../format.ts';
import { RefineButtons } from './RefineButtons.tsx';
import type { Refinable } from './refine.ts';

export function RowRefine({ log }: { log: ExplorerLog }) {
  const level = levelOf(log.ll);
  const fields: [Refinable, string, string, string][] = [['level', 'Level', level.name, level.label]];
  if (log.tg) fields.push(['tag', 'Tag', log.tg, log.tg]);
  if (log.f) fields.push(['file', 'File', log.f, log.f]);
  if (log.u) fields.push(['url', 'URL', log.u, log.u]);
  fields.push(['device', 'Device', log.udid, log.udid]);
  return (
    <ul className="row-refine" aria-label="Filter by this log">
      {fields.map(([field, title, value, shown]) => (
        <li key={field}>
          <span className="muted">{title}</span> <span className="row-refine-value">{shown}</span>
          <RefineButtons
            field={field}
            value={value}
            name={`${title === 'URL' ? title : title.toLowerCase()} ${shown}`}
          />
        </li>
      ))}
    </ul>
  );
}
