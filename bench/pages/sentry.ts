// @sentry/browser, as its logs documentation says to load it: `Sentry.init`, then `Sentry.logger.info` per line with
// the line's object as its attributes (version 11 removed `enableLogs`: the logger's calls are always sent,
// getsentry/sentry-javascript#23319). Its captures are off: of the default integrations, those that capture
// (breadcrumbs, console breadcrumbs, error handlers, wrapped browser APIs, session tracking) are filtered out as its
// documentation shows, and tracing and replay are not added. Its DSN names the bench's intake, which decodes the
// envelopes and counts the log lines (bench/sentry-envelope.ts). Sentry has no forced send: its log buffer goes out
// at 100 lines or 5 s after its first, and when the page is hidden.
import * as Sentry from '@sentry/browser';
import { runBench } from './harness.ts';

/** The default integrations that capture on their own (their names in @sentry/browser 11). */
const CAPTURES = ['Breadcrumbs', 'Console', 'GlobalHandlers', 'BrowserApiErrors', 'BrowserSession'];

void runBench({
  async start(params) {
    const control = new URL(params.get('control')!);
    // The DSN's path before the project id prefixes the envelope endpoint: /sentry/<page>/api/1/envelope/.
    Sentry.init({
      dsn: `${control.protocol}//public@${control.host}/sentry/${params.get('page')}/1`,
      integrations: (defaults) => defaults.filter((integration) => !CAPTURES.includes(integration.name)),
    });
  },
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) Sentry.logger.info(texts[i]!, objects[i]);
  },
});
