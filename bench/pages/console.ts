// console.log with no DevTools attached to the page's console (the bench never enables the Runtime domain).
import { runBench } from './harness.ts';

void runBench({
  async start() {},
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) console.log(texts[i], objects[i]);
  },
});
