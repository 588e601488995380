// The facet panel beside the stream (docs/facets.md): the view's logs counted by level, tag, file, device, app
// version, language and device keys, how many devices and sessions they come from, and what the view hides. It
// follows the query: a new address, a new count. Each value of a field the filters know can be shown alone or hidden.
import type { LogFacets } from '../api.ts';
import { absoluteTime, isoTime, LEVELS } from '../format.ts';
import { useZone } from '../time-zone.ts';
import { shownData, useJson } from '../use-json.ts';
import { useEffect } from 'react';
import { facetValues } from './facet-values.ts';
import { useQuery } from '../use-query.ts';
import { KeyFacets } from './KeyFacets.tsx';
import { ParsedFieldFacets } from './ParsedFieldFacets.tsx';
import { RefineButtons } from './RefineButtons.tsx';
import { distinctDeviceLabels, shortId } from '../../explorer-contract/identity.ts';
import type { Refinable } from './refine.ts';

const FACETS: {
  key: keyof Omit<LogFacets, 'devices' | 'sessions' | 'sampled' | 'everyLevel' | 'scan' | 'keys'>;
  title: string;
  field?: Refinable;
}[] = [
  { key: 'level', title: 'Level', field: 'level' },
  { key: 'tag', title: 'Tag', field: 'tag' },
  { key: 'file', title: 'File', field: 'file' },
  { key: 'device', title: 'Device', field: 'device' },
  { key: 'version', title: 'App version', field: 'version' },
  { key: 'language', title: 'Language', field: 'language' },
];

/** What the address shows alone or hides beyond the form's own fields, each removable. */
const REFINEMENTS = [
  ['file', 'File'],
  ['url', 'URL'],
  ['version', 'App version'],
  ['language', 'Language'],
  ['-tag', 'Hidden tag'],
  ['-file', 'Hidden file'],
  ['-url', 'Hidden URL'],
  ['-device', 'Hidden device'],
  ['-version', 'Hidden app version'],
  ['-language', 'Hidden language'],
] as const;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const levelLabel = (name: string) => LEVELS.find((level) => level.name === name)?.label ?? name;

function Refinements() {
  const [params, change] = useQuery();
  const chips = REFINEMENTS.flatMap(([name, title]) => params.getAll(name).map((value) => ({ name, title, value })));
  if (chips.length === 0) return null;
  return (
    <ul className="facet-refinements">
      {chips.map(({ name, title, value }) => (
        <li key={`${name}=${value}`} className="chip">
          {title} <strong>{value}</strong>
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove ${title.toLowerCase()} ${value}`}
            onClick={() => change({ [name]: params.getAll(name).filter((other) => other !== value) })}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

export function FacetPanel({ appId, filters }: { appId: string; filters: string }) {
  const facets = useJson<LogFacets>(`/apps/${encodeURIComponent(appId)}/logs/facets?${filters}`);
  const zone = useZone();
  // The search box suggests the values counted here (facet-values.ts).
  const counted = shownData(facets);
  useEffect(() => facetValues.setState({ facets: counted }), [counted]);
  // Several devices of one user each told apart by its short id.
  const deviceLabels =
    facets.state === 'ready'
      ? distinctDeviceLabels(facets.data.device.map((one) => ({ label: one.label ?? one.value, udid: one.value })))
      : [];
  return (
    <aside className="facet-panel card" aria-label="Facets">
      <Refinements />
      {/* A query the service refuses: the stream above says why, once. */}
      {facets.state === 'ready' ? (
        <>
          {/* Before the counts it qualifies, so that "395 devices" is not read as the view's whole. */}
          {facets.data.scan && facets.data.scan.scannedTo !== null ? (
            <p className="facet-sample">
              Counts of the {count(facets.data.sampled ?? 0, 'match', 'matches')} among the newest{' '}
              {count(facets.data.scan.scanned, 'log', 'logs')} read, back to{' '}
              <time dateTime={isoTime(facets.data.scan.scannedTo)}>
                {absoluteTime(facets.data.scan.scannedTo, zone)}
              </time>
              :
            </p>
          ) : facets.data.sampled === undefined ? null : (
            <p className="facet-sample">
              Counts of the newest {count(facets.data.sampled, 'log', 'logs')}
              {facets.data.everyLevel ? ', the levels of every log' : ''}:
            </p>
          )}
          <p className="facet-who">
            {count(facets.data.devices, 'device', 'devices')}, {count(facets.data.sessions, 'session', 'sessions')}
          </p>
          {FACETS.map(({ key, title, field }) =>
            facets.data[key].length === 0 ? null : (
              <section key={key} className="facet" aria-label={title}>
                <h2>{title}</h2>
                <ul>
                  {facets.data[key].map((value, index) => {
                    const label =
                      key === 'level'
                        ? levelLabel(value.value)
                        : key === 'device'
                          ? deviceLabels[index]!
                          : (value.label ?? value.value);
                    return (
                      <li key={value.value} className="facet-value">
                        {key === 'device' ? (
                          <DeviceLabel label={label} udid={value.value} />
                        ) : (
                          <span className="facet-label" title={value.value}>
                            {label}
                          </span>
                        )}
                        <span className="facet-count">{value.count.toLocaleString('en')}</span>
                        {field ? (
                          <RefineButtons field={field} value={value.value} name={`${title.toLowerCase()} ${label}`} />
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ),
          )}
          <KeyFacets keys={facets.data.keys} />
          <ParsedFieldFacets appId={appId} filters={filters} />
        </>
      ) : null}
    </aside>
  );
}

/** A device named by its name and short id ("realme C55 · 0d273b43", explorer/DeviceWho.tsx): where the column is too
 * narrow, the name is cut and the short id stays whole, as it is what tells devices of one model apart. A device named
 * by the app's identity key has no short id to keep. */
function DeviceLabel({ label, udid }: { label: string; udid: string }) {
  const id = ` · ${shortId(udid)}`;
  const cut = label.length - id.length;
  if (cut <= 0 || !label.endsWith(id))
    return (
      <span className="facet-label" title={udid}>
        {label}
      </span>
    );
  return (
    <span className="facet-label" title={`${label.slice(0, cut)} (${udid})`}>
      <span className="facet-label-name">{label.slice(0, cut)}</span>
      <span className="facet-label-id">{id}</span>
    </span>
  );
}
