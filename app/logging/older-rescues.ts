// Rescues earlier pages left in localStorage, put in the current layout as they are found: a page of an earlier version
// wrote its logs in that version's layout (protocol/older-columns.ts). Loaded only when there are rescues
// (app/logging/rescue.ts), so that every other start-up does without the older layouts
// (docs/benchmarks.md#one-flat-column).
import { currentColumns, type Rescue, type WriteMessage } from '../../protocol/index.ts';

function writeInCurrentLayout(write: WriteMessage): WriteMessage {
  if (write.sl === 'logs') return { ...write, logs: currentColumns(write.logs) };
  // A rescue a page carried on inside its own: it may be older still.
  if (write.sl === 'rescued') return { ...write, rescue: rescueInCurrentLayout(write.rescue) };
  return write;
}

function rescueInCurrentLayout(rescue: Rescue): Rescue {
  return { ...rescue, writes: rescue.writes.map(writeInCurrentLayout) };
}

export const inCurrentLayout = (rescues: Rescue[]) => rescues.map(rescueInCurrentLayout);
