// An opened log's call site as the developer wrote it (docs/source-maps.md#a-logs-call-site): where the app's source
// maps of its release resolve its file, line and column, the original file:line, the function and the lines around.
// Nothing is shown for a log without a column, or where no map resolves it: its raw file:line is in the row above.
import type { ExplorerLog, LogPlace as Place } from '../api.ts';
import { OriginalCode } from '../insight/StackFrames.tsx';
import { useJson } from '../use-json.ts';

export function LogPlace({ log, appId }: { log: ExplorerLog; appId: string }) {
  const resolvable = log.f !== null && log.l !== null && log.lc !== null;
  const loaded = useJson<Place>(resolvable ? `/apps/${encodeURIComponent(appId)}/logs/${log.id}/place` : null);
  const frame = loaded.state === 'ready' ? loaded.data.frame : null;
  if (!frame?.original) return null;
  return (
    <section className="stack-frames log-place-original" aria-label="Original call site">
      <h3>
        Original call site
        {loaded.state === 'ready' && loaded.data.release ? (
          <span className="muted"> (release {loaded.data.release})</span>
        ) : null}
      </h3>
      <ol className="frames">
        <OriginalCode frame={frame} />
      </ol>
    </section>
  );
}
