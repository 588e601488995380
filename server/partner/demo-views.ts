// What the demo partner's views show. Modest on purpose; the sales orders between them use every element that
// printing hides (badges, old prices, free-add rows, grey notes, miles details, history, status).
import type { PartnerProfile, SalesData, StatsData, SupportData, WarehouseData } from '../../portal/api.types.ts';
import type { PartnerView } from '../stores/store.types.ts';

const profile: Omit<PartnerProfile, 'id'> = {
  name: 'Анна Смирнова',
  company: 'ООО «Северный берег»',
  email: 'partner@example.com',
  city: 'Санкт-Петербург',
  manager: { name: 'Игорь Петров', phone: '+7 812 555-01-23', email: 'manager@example.com' },
  partnerSince: '2021-03-15',
};

const sales: SalesData = {
  orders: [
    {
      id: 'o-1042',
      number: '№ 1042',
      date: '2026-11-12',
      status: 'delivered',
      badges: ['Акция'],
      items: [
        {
          sku: 'TEA-101',
          name: 'Чай чёрный «Цейлон», 100 пакетиков',
          quantity: 20,
          price: 249,
          oldPrice: 299,
          note: 'Скидка по акции «Осень»',
        },
        { sku: 'MUG-007', name: 'Кружка фирменная', quantity: 2, price: 0, freeAdd: true, note: 'Подарок к заказу' },
      ],
      total: 4980,
      miles: { earned: 498, details: '10% от суммы заказа, начислено 14.11.2026' },
      history: [
        { date: '2026-11-12', text: 'Заказ оформлен' },
        { date: '2026-11-13', text: 'Заказ подтверждён' },
        { date: '2026-11-14', text: 'Заказ доставлен' },
      ],
    },
    {
      id: 'o-1057',
      number: '№ 1057',
      date: '2026-11-18',
      status: 'shipped',
      badges: ['Новинка', 'Хит'],
      items: [
        { sku: 'COF-210', name: 'Кофе молотый «Арабика», 250 г', quantity: 12, price: 459 },
        { sku: 'COF-305', name: 'Кофе в зёрнах «Эспрессо», 1 кг', quantity: 3, price: 1590, oldPrice: 1790 },
        { sku: 'SPN-002', name: 'Ложка мерная', quantity: 3, price: 0, freeAdd: true },
      ],
      total: 10278,
      miles: { earned: 1028, details: '10% от суммы заказа, начисление после доставки' },
      history: [
        { date: '2026-11-18', text: 'Заказ оформлен' },
        { date: '2026-11-19', text: 'Передан в доставку' },
      ],
    },
    {
      id: 'o-1063',
      number: '№ 1063',
      date: '2026-11-21',
      status: 'new',
      badges: [],
      items: [
        {
          sku: 'TEA-230',
          name: 'Чай зелёный «Сенча», 200 г',
          quantity: 10,
          price: 389,
          note: 'Поставка со склада в Москве',
        },
      ],
      total: 3890,
      miles: { earned: 0, details: 'Мили начисляются после доставки' },
      history: [{ date: '2026-11-21', text: 'Заказ оформлен' }],
    },
  ],
};

const stats: StatsData = {
  months: [
    { month: '2026-08', orders: 9, revenue: 41200 },
    { month: '2026-09', orders: 12, revenue: 55800 },
    { month: '2026-10', orders: 15, revenue: 63150 },
    { month: '2026-11', orders: 3, revenue: 19148 },
  ],
};

const warehouse: WarehouseData = {
  items: [
    {
      sku: 'TEA-101',
      name: 'Чай чёрный «Цейлон», 100 пакетиков',
      stock: 340,
      reserved: 20,
      warehouse: 'Санкт-Петербург',
    },
    { sku: 'TEA-230', name: 'Чай зелёный «Сенча», 200 г', stock: 85, reserved: 10, warehouse: 'Москва' },
    { sku: 'COF-210', name: 'Кофе молотый «Арабика», 250 г', stock: 120, reserved: 12, warehouse: 'Санкт-Петербург' },
    { sku: 'COF-305', name: 'Кофе в зёрнах «Эспрессо», 1 кг', stock: 0, reserved: 0, warehouse: 'Москва' },
  ],
};

const support: SupportData = {
  phone: '8 800 555-35-35',
  email: 'support@example.com',
  hours: 'Пн–Пт, 9:00–18:00 (МСК)',
};

/** Profile without its id: the id is the partner's row id, filled in when the profile is read. */
export const DEMO_VIEWS: Record<PartnerView, unknown> = { profile, sales, stats, warehouse, support };
