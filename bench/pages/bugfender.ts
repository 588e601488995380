// The published @bugfender/sdk, as its README says to load it, pointed at the local collector (same wire
// format), its captures off.
import { Bugfender } from '@bugfender/sdk';
import { runBench } from './harness.ts';

void runBench({
  async start(params) {
    await Bugfender.init({
      appKey: params.get('appKey')!,
      apiURL: `${location.origin}/sidelog/api`,
      baseURL: `${location.origin}/sidelog`,
      overrideConsoleMethods: false,
      printToConsole: false,
      logBrowserEvents: false,
      logUIEvents: false,
      registerErrorHandler: false,
    });
  },
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) Bugfender.log(texts[i], objects[i]);
  },
  forceSend: () => Bugfender.forceSendOnce(),
});
