// Click-to-filter: the address changes that show only one value of a field, or hide it (docs/facets.md#click-to-filter).
// Showing only a value drops it from the hidden ones; hiding it drops it from the shown ones.
import { NO_LEVEL } from '../../explorer-contract/log-filters.ts';
import { LEVELS } from '../format.ts';
import type { QueryChange } from '../use-query.ts';

export type Refinable = 'level' | 'tag' | 'file' | 'url' | 'device' | 'version' | 'language';

const without = (values: string[], value: string) => values.filter((other) => other !== value);

export function onlyChange(field: Refinable, value: string, params: URLSearchParams): QueryChange {
  if (field === 'level') return { level: value };
  const hidden = without(params.getAll(`-${field}`), value);
  return { [field]: field === 'device' ? value : [value], [`-${field}`]: hidden };
}

export function hideChange(field: Refinable, value: string, params: URLSearchParams): QueryChange {
  if (field === 'level') {
    const chosen = (params.get('level') ?? '').split(',').filter(Boolean);
    const shown = chosen.length === 0 ? LEVELS.map((level) => level.name) : without(chosen, NO_LEVEL);
    const next = without(shown, value);
    return { level: next.length === 0 ? NO_LEVEL : next.join(',') };
  }
  const hidden = [...without(params.getAll(`-${field}`), value), value];
  const shown =
    field === 'device'
      ? params.get('device') === value
        ? undefined
        : params.get('device')
      : without(params.getAll(field), value);
  return { [field]: shown, [`-${field}`]: hidden };
}
