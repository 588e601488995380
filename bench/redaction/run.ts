// `npx tsx bench/redaction/run.ts` (docs/privacy.md#measured): the engine's throughput with the default redaction
// rules, in a dedicated Worker of headless Chromium as Sidelog's engine runs, over 100,000 lines of realistic mixed text
// (bench/redaction/lines.ts); beside it, the engine's per-line step without and with the rules; and, on the page, what
// keeping 40,000 of the lines in a rescue costs as the page goes, without and with them. Prints a markdown table. A
// measurement: nothing in it passes or fails.
//   --lines N    lines (default 100,000)
//   --rescued N  lines in the rescue (default 40,000: about what localStorage holds of them)
//   --rounds N   rounds; each figure is the median (default 5)
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.ts';
import { mixedLines } from './lines.ts';
import type { RedactionFigures } from './worker.ts';

const { values: flags } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000' },
    rescued: { type: 'string', default: '40000' },
    rounds: { type: 'string', default: '5' },
  },
});
const count = Number(flags.lines);
const rescued = Number(flags.rescued);
const rounds = Number(flags.rounds);

/** `file` of this directory as one ES module, with the project's own Vite. */
async function bundle(file: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      lib: { entry: resolve(import.meta.dirname, file), formats: ['es'], fileName: 'bundle' },
      minify: true,
    },
  })) as Rollup.RollupOutput[];
  return output[0].output[0].code;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const lines = mixedLines(count);
const [code, pageCode] = [await bundle('worker.ts'), await bundle('page.ts')];
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  // A page of an origin of its own (a worker needs one), served by the bench itself.
  await page.route('http://redaction.localhost/', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>redaction bench</title>' }),
  );
  await page.goto('http://redaction.localhost/');
  const figures = await page.evaluate(
    ([code, lines, rounds]) =>
      new Promise<RedactionFigures>((done, failed) => {
        const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), {
          type: 'module',
        });
        worker.onmessage = (event: MessageEvent<RedactionFigures>) => done(event.data);
        worker.onerror = (event) => failed(new Error(event.message));
        worker.postMessage({ lines, rounds });
      }),
    [code, lines, rounds] as const,
  );
  await page.addScriptTag({ content: pageCode, type: 'module' });
  await page.waitForFunction(() => typeof window.measureRescue === 'function');
  const rescue = await page.evaluate(([lines, rounds]) => window.measureRescue(lines, rounds), [
    lines.slice(0, rescued),
    rounds,
  ] as const);
  const redactMs = median(figures.redactMs);
  const plain = median(figures.storeStepMs);
  const redacted = median(figures.storeStepRedactedMs);
  const perSecond = (ms: number) => Math.round((figures.lines / ms) * 1000).toLocaleString('en');
  const perLine = (ms: number) => ((ms * 1000) / figures.lines).toFixed(2);
  console.log(
    `${browser.version()}, ${figures.lines.toLocaleString('en')} lines of mixed text, ${(figures.chars / figures.lines).toFixed(0)} characters a line on average, ${figures.changed.toLocaleString('en')} of them holding something the built-ins replace; median of ${rounds} rounds\n`,
  );
  console.log('| in a dedicated Worker | ms for all lines | lines per second | µs per line |');
  console.log('|---|--:|--:|--:|');
  console.log(
    `| redaction alone, default rules | ${redactMs.toFixed(0)} | ${perSecond(redactMs)} | ${perLine(redactMs)} |`,
  );
  console.log(
    `| engine's step (format, sanitise), no rules | ${plain.toFixed(0)} | ${perSecond(plain)} | ${perLine(plain)} |`,
  );
  console.log(
    `| engine's step (format, sanitise), default rules | ${redacted.toFixed(0)} | ${perSecond(redacted)} | ${perLine(redacted)} |`,
  );
  const rescueLine = (label: string, ms: number) =>
    `| ${label} | ${ms.toFixed(0)} | ${Math.round((rescue.lines / ms) * 1000).toLocaleString('en')} | ${((ms * 1000) / rescue.lines).toFixed(2)} |`;
  console.log(
    `\n| on the page, a rescue of ${rescue.lines.toLocaleString('en')} lines (saveRescue) | ms | lines per second | µs per line |`,
  );
  console.log('|---|--:|--:|--:|');
  console.log(rescueLine('no rules', median(rescue.plainMs)));
  console.log(rescueLine('default rules', median(rescue.redactedMs)));
} finally {
  await browser.close();
}
