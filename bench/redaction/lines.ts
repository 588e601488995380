// Realistic mixed log text for the redaction bench: what a portal logs in a day, in proportion. Three lines in ten
// hold something a built-in finds (an address and a phone number in a logged object, a card number, an OAuth code);
// the rest hold what the built-ins must leave quickly: JSON of UI events, URLs, order numbers, dates and offsets,
// IPs, UUIDs, versions, stacks. Deterministic, so that runs compare.

const TEMPLATES: ((i: number) => string)[] = [
  (i) => `cart opened {"items":${i % 7},"total":${((i * 137) % 100000) / 100},"currency":"RUB"}`,
  (i) =>
    `{"event":"click","tag":"button","id":"save-${i % 50}","text":"Сохранить заказ","selector":"form#order > div.row:nth-of-type(2) > button"}`,
  (i) => `GET https://api.partner-shop.ru/v1/orders/${100000 + i}?page=2&sort=desc 200 in ${i % 300} ms`,
  (i) =>
    `order ORD-2024-${String(i).padStart(6, '0')} paid at 2024-11-24T10:${String(i % 60).padStart(2, '0')}:00+03:00 from 192.168.1.${i % 255}`,
  (i) =>
    `user {"id":${i},"name":"Иван Петров","email":"ivan.petrov${i}@partner-shop.ru","phone":"+7 (912) 345-67-${String(i % 100).padStart(2, '0')}"}`,
  (i) =>
    `TypeError: Cannot read properties of undefined (reading 'price')\n    at OrderCard (https://portal.example.com/assets/index-5f3a9c.js:12:${i % 900})\n    at renderWithHooks (https://portal.example.com/assets/vendor-8e1b2d.js:1:2345)`,
  (i) =>
    `session 550e8400-e29b-41d4-a716-${String(446655440000 + i)} resumed, build 1.4.${i % 20}, ts ${1732450000000 + i}`,
  (i) => `payment card 4111 1111 1111 1111 refused, retry ${i % 5}`,
  (i) => `redirect to /callback?code=${i.toString(36)}x9&state=st${i % 97}`,
  (i) => `sync finished: ${i} rows, ${i * 3} bytes, took ${i % 1000} ms`,
];

export function mixedLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => TEMPLATES[i % TEMPLATES.length](i));
}
