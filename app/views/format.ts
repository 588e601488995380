// Russian number, money and date formats for the views, by the browser's Intl.
const money = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('ru-RU');
const month = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric' });
const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

export const formatMoney = (roubles: number): string => money.format(roubles);
export const formatNumber = (value: number): string => number.format(value);
/** YYYY-MM-DD (or a full ISO time) as '22 ноября 2026 г.'. */
export const formatDay = (iso: string): string => date.format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso));
/** YYYY-MM as 'октябрь 2026 г.'. */
export const formatMonth = (yearMonth: string): string => month.format(new Date(`${yearMonth}-01T00:00:00`));
