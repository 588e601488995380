// The partner API as the portal calls it: sign-in answers and the views' data behind a token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PARTNER_API, type SalesData } from '../../../portal/api.types.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

// Each test runs on SQLite and on PostgreSQL: one contract, two stores. One service per store for the file: a test here
// changes nothing another reads (a sign-in adds a token of its own; the six failures stay under the address's limit
// of 30), and a service each was most of the file's time on PostgreSQL (docs/testing.md#budget).
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
  });
  afterAll(() => service.close());

  const signIn = (body: unknown) =>
    service.app.request(PARTNER_API.auth, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('sign-in', () => {
    test('the demo partner gets a token and an id', async () => {
      const response = await signIn({ email: 'partner@example.com', password: 'partner123' });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toEqual({ status: 'success', data: { token: expect.any(String), id: expect.any(Number) } });
      expect(answer.data.token.length).toBeGreaterThanOrEqual(32);
    });

    test('the email is matched whatever its case and surrounding spaces', async () => {
      expect(await (await signIn({ email: ' Partner@Example.com ', password: 'partner123' })).json()).toMatchObject({
        status: 'success',
      });
    });

    test.each([
      [
        'an unknown email',
        { email: 'nobody@example.com', password: 'partner123' },
        'email',
        'Партнер с таким адресом email не найден.',
      ],
      [
        'a wrong password',
        { email: 'partner@example.com', password: 'wrong-password' },
        'password',
        'Неверный пароль.',
      ],
      [
        'an unknown email with an impossible password',
        { email: 'nobody@example.com', password: '123' },
        'both',
        'Неверный адрес email и пароль.',
      ],
      [
        'an unknown email with no password',
        { email: 'nobody@example.com', password: '' },
        'both',
        'Неверный адрес email и пароль.',
      ],
      [
        'a known email with a short password',
        { email: 'partner@example.com', password: '123' },
        'password',
        'Неверный пароль.',
      ],
    ])('%s fails naming the field, with a Russian message', async (_case, body, field, meta) => {
      const response = await signIn(body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'failure', data: field, meta });
    });

    test('a body that is not JSON is a failure on both fields, with 400', async () => {
      const response = await signIn('{"email": ');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ status: 'failure', data: 'both', meta: 'Некорректный запрос.' });
    });
  });

  describe('the views', () => {
    const views = ['profile', 'sales', 'stats', 'warehouse', 'support'] as const;

    test.each(views)('%s needs a token', async (view) => {
      const none = await service.app.request(PARTNER_API[view]);
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ status: 'failure', meta: expect.any(String) });
      const wrong = await service.app.request(PARTNER_API[view], { headers: { Authorization: 'Bearer not-a-token' } });
      expect(wrong.status).toBe(401);
    });

    test.each(views)('%s answers the demo partner its data', async (view) => {
      const { data } = await (await signIn({ email: 'partner@example.com', password: 'partner123' })).json();
      const response = await service.app.request(PARTNER_API[view], {
        headers: { Authorization: `Bearer ${data.token}` },
      });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.status).toBe('success');
      expect(answer.data).toBeTruthy();
      if (view === 'profile') expect(answer.data).toMatchObject({ id: data.id, email: 'partner@example.com' });
    });

    test('the sales orders carry every element that printing hides', async () => {
      const { data } = await (await signIn({ email: 'partner@example.com', password: 'partner123' })).json();
      const { data: sales } = (await (
        await service.app.request(PARTNER_API.sales, { headers: { Authorization: `Bearer ${data.token}` } })
      ).json()) as { data: SalesData };
      const items = sales.orders.flatMap((order) => order.items);
      expect(sales.orders.length).toBeGreaterThanOrEqual(2);
      expect(sales.orders.some((order) => order.badges.length > 0)).toBe(true);
      expect(items.some((item) => item.oldPrice !== undefined)).toBe(true);
      expect(items.some((item) => item.freeAdd)).toBe(true);
      expect(items.some((item) => item.note)).toBe(true);
      expect(sales.orders.every((order) => order.history.length > 0 && order.miles.details && order.status)).toBe(true);
      for (const order of sales.orders) {
        expect(order.total).toBe(order.items.reduce((sum, item) => sum + item.price * item.quantity, 0));
      }
    });
  });
});
