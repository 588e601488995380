// A fetch stub that answers the partner API as the local service does (portal/api.types.ts).
import { vi } from 'vitest';
import { PARTNER_API, type AuthRequest, type SalesData } from '../../../portal/api.types.ts';

type AuthBehaviour = 'network-error' | ((request: AuthRequest) => unknown);

export const DEMO_ORDERS: SalesData = {
  orders: [
    {
      id: 'a1',
      number: '1001',
      date: '2026-11-02',
      status: 'shipped',
      badges: ['Акция'],
      items: [
        { sku: 'SKU-1', name: 'Крем для рук', quantity: 10, price: 200, oldPrice: 250, note: 'Партия 42' },
        { sku: 'SKU-FREE', name: 'Пробник', quantity: 1, price: 0, freeAdd: true },
      ],
      total: 2000,
      miles: { earned: 120, details: '1 миля за каждые 20 ₽' },
      history: [{ date: '2026-11-02', text: 'Заказ создан' }],
    },
  ],
};

const VIEW_DATA: Record<string, unknown> = {
  [PARTNER_API.profile]: {
    id: 7,
    name: 'Ирина Петрова',
    company: 'ООО «Ромашка»',
    email: 'partner@example.com',
    city: 'Казань',
    manager: { name: 'Олег Смирнов', phone: '+7 900 000-00-00', email: 'manager@example.com' },
    partnerSince: '2024-03-01',
  },
  [PARTNER_API.sales]: DEMO_ORDERS,
  [PARTNER_API.stats]: { months: [{ month: '2026-10', orders: 12, revenue: 54000 }] },
  [PARTNER_API.warehouse]: {
    items: [{ sku: 'SKU-1', name: 'Крем для рук', stock: 40, reserved: 5, warehouse: 'Москва' }],
  },
  [PARTNER_API.support]: { phone: '+7 800 000-00-00', email: 'support@example.com', hours: 'Пн–Пт, 9:00–18:00' },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch; returns the spy so tests can read the calls. */
export function stubPartnerApi(
  auth: AuthBehaviour = () => ({ status: 'success', data: { token: 'new-token', id: 42 } }),
) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), location.href).pathname;
    if (path === PARTNER_API.auth) {
      if (auth === 'network-error') throw new TypeError('Failed to fetch');
      return json(auth(JSON.parse(String(init?.body))));
    }
    if (path in VIEW_DATA) {
      const authorization = new Headers(init?.headers).get('Authorization');
      return authorization?.startsWith('Bearer ')
        ? json({ status: 'success', data: VIEW_DATA[path] })
        : json({ status: 'failure', meta: 'Нет доступа' }, 401);
    }
    return json({ status: 'failure', meta: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
