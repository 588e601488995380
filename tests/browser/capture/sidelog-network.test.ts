// logNetworkRequests through the whole of Sidelog, in every mode: the page's requests arrive at the collector as
// network lines, their URLs redacted by the engine, and Sidelog's own uploads (which go through the page's fetch in
// modes B and C) never among them.
import { afterEach, describe, expect, inject, test } from 'vitest';
import { LogLevel, NETWORK_TAG } from '../../../protocol/index.ts';
import { internalsOf } from '../../../app/logging/internals.ts';
import { apiURL, logsOf, newApp } from '../sidelog/collector.ts';
import { cleanUp, MODES, startSidelog } from '../sidelog/sidelog.ts';

const answer = (status: number) => `${inject('collectorURL')}/sidelog/test/answer/${status}`;
const POLL = { timeout: 20_000, interval: 200 };

afterEach(cleanUp);

function xhr(url: string): Promise<void> {
  const request = new XMLHttpRequest();
  request.open('GET', url);
  const ended = new Promise<void>((resolve) => request.addEventListener('loadend', () => resolve()));
  request.send();
  return ended;
}

describe('network requests through Sidelog', () => {
  test.each(MODES)('mode %s', async (mode, hide) => {
    hide();
    const app = await newApp();
    const sidelog = await startSidelog(app, { logNetworkRequests: 'all' });
    expect(sidelog.mode).toBe(mode);
    if (mode === 'C') await expect.poll(async () => (await internalsOf(sidelog).status()).isDeviceEnabled).toBe(true);

    await fetch(answer(200));
    await fetch(`${answer(502)}?access_token=s3cret-value&page=2`);
    await xhr(answer(404));
    await fetch('http://127.0.0.1:9/nothing-here').catch(() => undefined);

    // An answered request's line waits for its Resource Timing entry, which may come after a first upload.
    const answered = async () => {
      await sidelog.forceSendOnce();
      return (await logsOf(app)).filter((log) => log.tg === NETWORK_TAG && log.t!.includes('/answer/')).length;
    };
    await expect.poll(answered, POLL).toBe(3);
    const logs = await logsOf(app);
    const network = logs.filter((log) => log.tg === NETWORK_TAG);
    const line = (status: number) => network.find((log) => log.t!.includes(`/answer/${status}`))!;
    expect(JSON.parse(line(200).t!)).toMatchObject({ method: 'GET', status: 200, url: answer(200) });
    expect(line(200).ll).toBe(LogLevel.Info);
    expect(JSON.parse(line(502).t!)).toMatchObject({
      method: 'GET',
      status: 502,
      url: `${answer(502)}?access_token=[secret]&page=2`,
    });
    expect(line(502).ll).toBe(LogLevel.Error);
    expect(line(404).ll).toBe(LogLevel.Warning);
    expect(JSON.stringify(logs)).not.toContain('s3cret-value');
    expect(network.find((log) => log.t!.includes('nothing-here'))).toMatchObject({ ll: LogLevel.Error });
    // Sidelog's own uploads, which in modes B and C leave through the page's fetch, are not lines.
    expect(network.filter((log) => log.t!.includes(apiURL()))).toEqual([]);
  });
});
