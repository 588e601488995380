// @datadog/browser-logs with forwardErrorsToLogs (its default), which wraps fetch and XHR and logs a request that
// failed (a 5xx or no answer); sent through its proxy to the bench's intake.
import { datadogLogs } from '@datadog/browser-logs';
import { runNetworkBench } from './harness.ts';

void runNetworkBench((params) => {
  datadogLogs.init({
    clientToken: 'pub-bench',
    site: 'datadoghq.com',
    proxy: `${params.get('control')}/dd/${params.get('page')}`,
    forwardErrorsToLogs: true,
    forwardConsoleLogs: [],
    forwardReports: [],
    sessionSampleRate: 100,
    telemetrySampleRate: 0,
  });
});
