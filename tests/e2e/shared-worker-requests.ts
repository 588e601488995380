// Watches the requests of an origin's one SharedWorker through the DevTools protocol: Playwright's request events
// cover pages (and their dedicated workers), not shared workers. The browser is the run's: other files' services,
// each on a port of its own, are other origins.
import type { Browser } from 'playwright-core';

interface WorkerRequests {
  /** The JSON bodies of the requests the worker sent to URLs ending with the given path, so far. */
  bodies(path: string): unknown[];
  stop(): Promise<void>;
}

interface ProtocolMessage {
  method?: string;
  params?: { request?: { url: string; postData?: string } };
}

/** Attaches to the shared worker of `origin`; throws unless there is exactly one. */
export async function watchSharedWorkerRequests(browser: Browser, origin: string): Promise<WorkerRequests> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter(
    (target) => target.type === 'shared_worker' && target.url.startsWith(`${origin}/`),
  );
  if (workers.length !== 1) throw new Error(`Expected one shared worker of ${origin}, found ${workers.length}`);

  const requests: { url: string; postData?: string }[] = [];
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as ProtocolMessage;
    if (message.method === 'Network.requestWillBeSent' && message.params?.request)
      requests.push(message.params.request);
  });
  // Not flattened: Playwright's browser session can speak to the worker only through sendMessageToTarget.
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: workers[0]!.targetId, flatten: false });
  await cdp.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id: 1, method: 'Network.enable' }),
  });

  return {
    bodies: (path) =>
      requests
        .filter((request) => request.url.endsWith(path) && request.postData)
        .map((request) => JSON.parse(request.postData!)),
    stop: () => cdp.detach(),
  };
}
