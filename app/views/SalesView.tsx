// Sales: the partner's orders, each printable on its own, or all at once.
import { PARTNER_API, type SalesData } from '../../portal/api.types.ts';
import { DataState } from './DataState.tsx';
import { OrderCard } from './sales/OrderCard.tsx';
import { PrintButtons } from './sales/PrintButtons.tsx';
import { usePartnerData } from './use-partner-data.ts';

export const SALES_BLOCK_ID = 'sales-orders';

export default function SalesView() {
  const result = usePartnerData<SalesData>(PARTNER_API.sales);
  return (
    <DataState result={result}>
      {({ orders }) =>
        orders.length === 0 ? (
          <p className="muted">Заказов пока нет.</p>
        ) : (
          <>
            <PrintButtons blockId={SALES_BLOCK_ID} label="все заказы" />
            <div id={SALES_BLOCK_ID} className="orders">
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </div>
          </>
        )
      }
    </DataState>
  );
}
