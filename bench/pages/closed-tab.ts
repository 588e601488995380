// `npm run bench -- --closed-tab` (docs/durability.md#measured): a tab that logs a burst and closes itself in the
// same task, then a tab of the same origin opened after it. Three roles, by `role`:
//   opener: opens the logger (a tab opened by a script may close itself);
//   logger: starts Sidelog as the bench page does, tells the bench it is ready, logs n lines and closes;
//   reopen: starts Sidelog again, which stores what the logger rescued; forces one send.
import { Sidelog } from 'sidelog';
import { makeLines } from './lines.ts';
import { QUIET_OPTIONS } from './quiet-options.ts';

const params = new URLSearchParams(location.search);
const role = params.get('role');
const page = params.get('page')!;
const control = params.get('control')!;

async function report(step: string, body: Record<string, unknown> = {}): Promise<void> {
  await fetch(`${control}/step/${page}/${step}`, { method: 'POST', body: JSON.stringify(body) });
}

const startSidelog = () => Sidelog.init({ appKey: params.get('appKey')!, ...QUIET_OPTIONS });

async function main(): Promise<void> {
  if (role === 'opener') {
    params.set('role', 'logger');
    window.open(`${location.pathname}?${params}`, '_blank');
    return;
  }
  await startSidelog();
  if (role === 'logger') {
    const { texts, objects } = makeLines(Number(params.get('n')));
    await report('ready', { mode: Sidelog.mode });
    for (let i = 0; i < texts.length; i++) Sidelog.log(texts[i], objects[i]);
    window.close();
    return;
  }
  await Sidelog.settle();
  await Sidelog.forceSendOnce();
  await report('sent');
}

main().catch((error: unknown) => void report('error', { error: String(error) }));
