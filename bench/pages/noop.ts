// The floor: a function that does nothing, called as a logger would be.
import { runBench } from './harness.ts';

const noop = (..._parts: unknown[]): void => {};

void runBench({
  async start() {},
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) noop(texts[i], objects[i]);
  },
});
