// Stable class names of what a printed copy leaves out (docs/portal.md#print). The Sales view puts them on
// its elements; the print frame's stylesheet and public/printsale.css hide them.
export const PRINT_HIDDEN = {
  actionButtons: 'print-hide-actions',
  badge: 'order-badge',
  orderHistory: 'order-history',
  freeAddRow: 'order-item-free-add',
  oldPrice: 'price-old',
  greyText: 'text-grey',
  milesDetails: 'miles-details',
  orderStatus: 'order-status',
} as const;

/** The rules the print frame adds after the page's own styles. */
export const PRINT_HIDE_CSS = `${Object.values(PRINT_HIDDEN)
  .map((name) => `.${name}`)
  .join(',\n')} { display: none !important; }
body { margin: 0; padding: 12mm; background: #fff; color: #000; }
`;

/** The print window's stylesheet, served by the app itself from public/. */
export const PRINTSALE_STYLESHEET = '/printsale.css';
