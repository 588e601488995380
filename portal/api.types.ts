// The partner API's paths and JSON, shared by the portal (app/) and the local service (server/).
// All calls are under /mobile/api/v1/partner/; the views' calls take `Authorization: Bearer <token>`.

export const PARTNER_API = {
  auth: '/mobile/api/v1/partner/auth/',
  /** POST with the token: revokes it (sign-out). */
  logout: '/mobile/api/v1/partner/auth/logout/',
  profile: '/mobile/api/v1/partner/profile/',
  sales: '/mobile/api/v1/partner/sales/',
  stats: '/mobile/api/v1/partner/stats/',
  warehouse: '/mobile/api/v1/partner/warehouse/',
  support: '/mobile/api/v1/partner/support/',
} as const;

export interface AuthRequest {
  email: string;
  password: string;
}

/** Which field the service rejected. */
export type AuthFailureField = 'email' | 'password' | 'both';

export type AuthAnswer =
  | { status: 'success'; data: { token: string; id: number } }
  /** The portal reads `meta`, falling back to `data.meta` (docs/local-service.md#partner-api). */
  | { status: 'failure'; data: AuthFailureField; meta: string };

/** Every views' answer: `{ status: 'success', data }`, or 401 with `{ status: 'failure', meta }`. */
export type PartnerAnswer<T> = { status: 'success'; data: T } | { status: 'failure'; meta: string };

export interface PartnerProfile {
  id: number;
  name: string;
  company: string;
  email: string;
  city: string;
  manager: { name: string; phone: string; email: string };
  partnerSince: string;
}

interface OrderItem {
  sku: string;
  name: string;
  quantity: number;
  /** Roubles. */
  price: number;
  /** The price before a discount; shown struck out, hidden when printed. */
  oldPrice?: number;
  /** A free-add SKU given with the order; its row is hidden when printed. */
  freeAdd?: boolean;
  /** Small print under the name (grey text), hidden when printed. */
  note?: string;
}

interface OrderEvent {
  date: string;
  text: string;
}

export interface SalesOrder {
  id: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  status: 'new' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  /** Badges such as 'Акция' or 'Новинка'; hidden when printed. */
  badges: string[];
  items: OrderItem[];
  total: number;
  miles: { earned: number; details: string };
  history: OrderEvent[];
}

export interface SalesData {
  orders: SalesOrder[];
}

export interface StatsData {
  months: { month: string; orders: number; revenue: number }[];
}

export interface WarehouseData {
  items: { sku: string; name: string; stock: number; reserved: number; warehouse: string }[];
}

export interface SupportData {
  phone: string;
  email: string;
  hours: string;
}
