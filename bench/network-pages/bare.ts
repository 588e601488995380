// The floor: the same requests with no logger on the page.
import { runNetworkBench } from './harness.ts';

void runNetworkBench(() => {});
