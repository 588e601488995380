// One order of the Sales view, with every element the print rules name (docs/portal.md#print) carrying
// its class from PRINT_HIDDEN, so a printed copy leaves them out.
import type { SalesOrder } from '../../../portal/api.types.ts';
import { PRINT_HIDDEN } from '../../print/print-classes.ts';
import { formatDay, formatMoney, formatNumber } from '../format.ts';
import { PrintButtons } from './PrintButtons.tsx';

const STATUS_LABELS: Record<SalesOrder['status'], string> = {
  new: 'Новый',
  confirmed: 'Подтвержден',
  shipped: 'Отгружен',
  delivered: 'Доставлен',
  cancelled: 'Отменен',
};

function orderBlockId(order: SalesOrder): string {
  return `order-${order.id}`;
}

/** The service may send the number with its '№' sign or without. */
function orderTitle(order: SalesOrder): string {
  return order.number.startsWith('№') ? `Заказ ${order.number}` : `Заказ № ${order.number}`;
}

export function OrderCard({ order }: { order: SalesOrder }) {
  const headingId = `${orderBlockId(order)}-title`;
  return (
    <article id={orderBlockId(order)} className="card order" aria-labelledby={headingId}>
      <header className="order-header">
        <h2 id={headingId}>{orderTitle(order)}</h2>
        <span className={`${PRINT_HIDDEN.greyText} order-date`}>от {formatDay(order.date)}</span>
        <span className={`${PRINT_HIDDEN.orderStatus} status status-${order.status}`}>
          {STATUS_LABELS[order.status]}
        </span>
        {order.badges.map((badge) => (
          <span key={badge} className={`${PRINT_HIDDEN.badge} badge`}>
            {badge}
          </span>
        ))}
      </header>
      <div className="table-scroll">
        <table className="table order-items">
          <thead>
            <tr>
              <th scope="col">Артикул</th>
              <th scope="col">Товар</th>
              <th scope="col" className="num">
                Кол-во
              </th>
              <th scope="col" className="num">
                Цена
              </th>
              <th scope="col" className="num">
                Сумма
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.sku} className={item.freeAdd ? `${PRINT_HIDDEN.freeAddRow} free-add` : undefined}>
                <td>{item.sku}</td>
                <td>
                  {item.name}
                  {item.freeAdd && <span className="free-add-mark"> (в подарок)</span>}
                  {item.note && <small className={`${PRINT_HIDDEN.greyText} note`}>{item.note}</small>}
                </td>
                <td className="num">{formatNumber(item.quantity)}</td>
                <td className="num">
                  {item.oldPrice !== undefined && (
                    <s className={PRINT_HIDDEN.oldPrice} aria-label={`Старая цена ${formatMoney(item.oldPrice)}`}>
                      {formatMoney(item.oldPrice)}
                    </s>
                  )}{' '}
                  {formatMoney(item.price)}
                </td>
                <td className="num">{formatMoney(item.price * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4} className="num">
                Итого
              </th>
              <td className="num order-total">{formatMoney(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="miles">
        Мили: +{formatNumber(order.miles.earned)}{' '}
        <span className={`${PRINT_HIDDEN.milesDetails} text-muted`}>({order.miles.details})</span>
      </p>
      {order.history.length > 0 && (
        <details className={PRINT_HIDDEN.orderHistory}>
          <summary>История заказа</summary>
          <ol>
            {order.history.map((event) => (
              <li key={`${event.date}-${event.text}`}>
                <time dateTime={event.date}>{formatDay(event.date)}</time> — {event.text}
              </li>
            ))}
          </ol>
        </details>
      )}
      <PrintButtons blockId={orderBlockId(order)} label={orderTitle(order).toLowerCase()} />
    </article>
  );
}
