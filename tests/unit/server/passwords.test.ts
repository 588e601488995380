// Password hashing leaves the event loop free: scrypt runs on libuv's thread pool, so the collector's requests are
// served while sign-ins are checked and accounts made. A callback queued after 16 hashes or checks runs before any of
// them has finished; with the blocking scryptSync, all 16 would be done first.
import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/http/passwords.ts';

async function eventLoopTurnsFirst(work: () => Promise<unknown>): Promise<string[]> {
  const order: string[] = [];
  const jobs = Array.from({ length: 16 }, () => work().then(() => order.push('hashed')));
  setImmediate(() => order.push('event loop'));
  await Promise.all(jobs);
  return order;
}

test('hashing a password does not block the event loop, and verifies', async () => {
  expect((await eventLoopTurnsFirst(() => hashPassword('password-1')))[0]).toBe('event loop');
  const stored = await hashPassword('password-1');
  expect(stored).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
  expect(await verifyPassword('password-1', stored)).toBe(true);
  expect(await verifyPassword('password-2', stored)).toBe(false);
});

test('verifying a password does not block the event loop', async () => {
  const stored = await hashPassword('password-1');
  expect((await eventLoopTurnsFirst(() => verifyPassword('guess', stored)))[0]).toBe('event loop');
});
