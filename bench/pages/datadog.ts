// @datadog/browser-logs, as its README says to load it, with console and error forwarding off. Its wire
// format is its own, so it sends through its `proxy` option to the bench's intake, which counts the lines.
import { datadogLogs } from '@datadog/browser-logs';
import { runBench } from './harness.ts';

void runBench({
  async start(params) {
    datadogLogs.init({
      clientToken: 'pub-bench',
      site: 'datadoghq.com',
      proxy: `${params.get('control')}/dd/${params.get('page')}`,
      forwardErrorsToLogs: false,
      forwardConsoleLogs: [],
      forwardReports: [],
      sessionSampleRate: 100,
      telemetrySampleRate: 0,
    });
  },
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) datadogLogs.logger.info(texts[i], objects[i]);
  },
});
