// The outbound guard's logic (server/outbound/): which hosts are private, and the check made when a request connects,
// with a stubbed resolver, so that a name "resolving" to 127.0.0.1 or to the metadata address is refused before any
// connection. The one receiver listens on 127.0.0.1; nothing is ever sent elsewhere (a refused name never connects).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Resolver } from '../../../server/outbound/outbound-lookup.ts';
import { postOutbound } from '../../../server/outbound/outbound-post.ts';
import { isPrivateHost } from '../../../server/outbound/private-addresses.ts';
import { privateTargetsAllowed } from '../../../server/outbound/target-policy.ts';

let port = 0;
let requests = 0;
const receiver = createServer((_, response) => {
  requests++;
  response.end('taken');
});
beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** A resolver that answers every name with `addresses`. */
const resolvingTo =
  (...addresses: string[]): Resolver =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const post = (url: string, resolve: Resolver, allowPrivate = false) =>
  postOutbound(url, { headers: {}, body: 'hello', timeoutMs: 5_000, allowPrivate, resolve });

test('private hosts in the spellings new URL() gives them; public ones are not', () => {
  const host = (url: string) => new URL(url).hostname;
  for (const url of [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://169.254.169.254/',
    'http://metadata.google.internal/',
    'http://LOCALHOST./',
    'http://shop.localhost/',
    'http://10.0.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://100.100.100.200/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://239.255.255.250/',
    'http://255.255.255.255/',
  ])
    expect([url, isPrivateHost(host(url))]).toEqual([url, true]);
  for (const url of [
    'https://otel.example.com/',
    'http://93.184.215.14/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
    'http://[2606:4700::1111]/',
    'http://[64:ff9b::808:808]/',
  ])
    expect([url, isPrivateHost(host(url))]).toEqual([url, false]);
});

test('a name resolving to loopback, to the metadata address, or to a public and a private address is refused before connecting', async () => {
  for (const addresses of [['127.0.0.1'], ['169.254.169.254'], ['::1'], ['93.184.215.14', '127.0.0.1']]) {
    await expect(post(`http://hooks.test:${port}/hook`, resolvingTo(...addresses))).rejects.toMatchObject({
      code: 'EPRIVATETARGET',
      message:
        'hooks.test is a loopback, private, link-local or metadata address, refused (SIDELOG_ALLOW_PRIVATE_TARGETS=1 allows it)',
    });
  }
  await expect(post(`http://127.0.0.1:${port}/hook`, resolvingTo())).rejects.toMatchObject({ code: 'EPRIVATETARGET' });
  expect(requests).toBe(0);
});

test('allowed, the same name connects to the address the resolver gave: the check is the connection’s own lookup', async () => {
  const answer = await post(`http://hooks.test:${port}/hook`, resolvingTo('127.0.0.1'), true);
  expect(answer).toMatchObject({ status: 200, cut: false });
  expect(new TextDecoder().decode(answer.body)).toBe('taken');
  expect(requests).toBe(1);
});

test('SIDELOG_ALLOW_PRIVATE_TARGETS: 1 allows, unset or 0 does not, anything else is refused', () => {
  expect(privateTargetsAllowed({})).toBe(false);
  expect(privateTargetsAllowed({ SIDELOG_ALLOW_PRIVATE_TARGETS: '0' })).toBe(false);
  expect(privateTargetsAllowed({ SIDELOG_ALLOW_PRIVATE_TARGETS: '1' })).toBe(true);
  expect(() => privateTargetsAllowed({ SIDELOG_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(
    /^SIDELOG_ALLOW_PRIVATE_TARGETS must be 1/,
  );
});
