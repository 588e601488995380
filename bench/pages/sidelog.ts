// Sidelog with default options (it logs to this origin's /sidelog/api, the local service that serves the page),
// its captures off. `hide` forces a mode by hiding what the modes above it need, as a browser without it would;
// `otlp` has it upload OTLP to the bench's intake instead (bench/control-server.ts).
import { Sidelog } from 'sidelog';
import { runBench } from './harness.ts';
import { QUIET_OPTIONS } from './quiet-options.ts';

function hide(what: string | null): void {
  if (what === 'shared' || what === 'workers' || what === 'locks')
    (globalThis as { SharedWorker?: unknown }).SharedWorker = undefined;
  if (what === 'workers' || what === 'locks') (globalThis as { Worker?: unknown }).Worker = undefined;
  if (what === 'locks') Object.defineProperty(navigator, 'locks', { value: undefined });
}

void runBench({
  async start(params) {
    hide(params.get('hide'));
    await Sidelog.init({
      appKey: params.get('appKey')!,
      ...QUIET_OPTIONS,
      captureCallSite: params.get('callsite') === '1',
      ...(params.get('otlp') === '1' && {
        otlp: { url: `${params.get('control')}/otlp/${params.get('page')}/v1/logs` },
      }),
    });
    return { mode: Sidelog.mode };
  },
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) Sidelog.log(texts[i], objects[i]);
  },
  forceSend: () => Sidelog.forceSendOnce(),
});
