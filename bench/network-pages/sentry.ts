// @sentry/browser with its default integrations, whose breadcrumbs wrap fetch and XHR and keep one breadcrumb per
// request (sent only with an event, which these requests never raise); no tracing.
import * as Sentry from '@sentry/browser';
import { runNetworkBench } from './harness.ts';

void runNetworkBench((params) => {
  const control = new URL(params.get('control')!);
  Sentry.init({ dsn: `http://public@${control.host}/1` });
});
