// Answers of any status for the browser tests' network capture (tests/browser/capture/network-requests.test.ts): the
// page asks `ANSWER_PATH/<status>` and gets that status, or `ANSWER_PATH/hang` and no answer until it gives up. Open
// to any origin, with Timing-Allow-Origin, so that the page reads their Resource Timing entries in full. Mounted by
// tests/browser/global-setup.ts with startService's `beforeRoutes`; the product carries none of it.
import type { Hono } from 'hono';
import { cors } from 'hono/cors';

const ANSWER_PATH = '/sidelog/test/answer';

export function mountAnswerRoutes(app: Hono): void {
  app.use(`${ANSWER_PATH}/*`, cors({ origin: '*', allowHeaders: ['Content-Type'], exposeHeaders: [] }));
  app.use(`${ANSWER_PATH}/*`, async (c, next) => {
    await next();
    c.header('Timing-Allow-Origin', '*');
  });
  app.all(`${ANSWER_PATH}/hang`, async (c) => {
    // Resolves once the page gives up, or the service closes its connection: closing never waits on it.
    const signal = c.req.raw.signal;
    await new Promise<void>((resolve) =>
      signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    return c.body(null, 504);
  });
  app.all(`${ANSWER_PATH}/:status{[1-5][0-9][0-9]}`, (c) => {
    const status = Number(c.req.param('status'));
    return c.text(`answer ${status}`, status as 200);
  });
}
