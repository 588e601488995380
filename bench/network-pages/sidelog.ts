// Sidelog as installed from its package, its other captures off: logNetworkRequests as the query says ('failures',
// its default, or 'all'), Web Vitals off (they cost nothing per request).
import { Sidelog } from 'sidelog';
import { QUIET_OPTIONS } from '../pages/quiet-options.ts';
import { runNetworkBench } from './harness.ts';

void runNetworkBench(async (params) => {
  await Sidelog.init({
    appKey: params.get('appKey')!,
    ...QUIET_OPTIONS,
    logNetworkRequests: params.get('network') === 'all' ? 'all' : 'failures',
  });
});
