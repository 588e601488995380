// A network line's text (docs/api.md#network-requests) read as the stream's columns (explorer/logs/network-line.ts).
import { describe, expect, test } from 'vitest';
import { networkColumns } from '../../../explorer/logs/network-line.ts';

describe('networkColumns', () => {
  test('an answered request: method, status, URL, duration and size', () => {
    const text =
      '{"method":"POST","status":502,"url":"https://shop.test/pay?access_token=[secret]","duration":84,"size":312}';
    expect(networkColumns('bf_network', text)).toEqual({
      method: 'POST',
      outcome: '502',
      url: 'https://shop.test/pay?access_token=[secret]',
      duration: '84 ms',
    });
  });

  test("a request with no answer shows its error's name where the status goes; a beacon its queueing", () => {
    expect(
      networkColumns('bf_network', '{"method":"GET","url":"https://a.test/","duration":3,"error":"TypeError"}'),
    ).toMatchObject({ outcome: 'TypeError', duration: '3 ms' });
    expect(
      networkColumns('bf_network', '{"method":"POST","url":"https://a.test/b","beacon":true,"queued":true}'),
    ).toEqual({ method: 'POST', outcome: 'beacon', url: 'https://a.test/b', duration: undefined });
  });

  test('another tag, a text that is not JSON or an object without a method and URL: no columns, the text as it is', () => {
    expect(networkColumns('bf_ui_event', '{"method":"GET","url":"x"}')).toBeUndefined();
    expect(networkColumns('bf_network', 'GET /x 502')).toBeUndefined();
    expect(networkColumns('bf_network', '[1,2]')).toBeUndefined();
    expect(networkColumns('bf_network', '{"method":"GET"}')).toBeUndefined();
    expect(networkColumns(undefined, '{"method":"GET","url":"x"}')).toBeUndefined();
  });
});
