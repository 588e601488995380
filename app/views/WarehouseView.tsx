// Warehouse: stock and reserves per SKU.
import { PARTNER_API, type WarehouseData } from '../../portal/api.types.ts';
import { DataState } from './DataState.tsx';
import { formatNumber } from './format.ts';
import { usePartnerData } from './use-partner-data.ts';

export default function WarehouseView() {
  const result = usePartnerData<WarehouseData>(PARTNER_API.warehouse);
  return (
    <DataState result={result}>
      {({ items }) => (
        <div className="table-scroll">
          <table className="table">
            <caption>Остатки на складах</caption>
            <thead>
              <tr>
                <th scope="col">Артикул</th>
                <th scope="col">Товар</th>
                <th scope="col">Склад</th>
                <th scope="col" className="num">
                  В наличии
                </th>
                <th scope="col" className="num">
                  В резерве
                </th>
                <th scope="col" className="num">
                  Доступно
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={`${item.warehouse}-${item.sku}`}>
                  <td>{item.sku}</td>
                  <td>{item.name}</td>
                  <td>{item.warehouse}</td>
                  <td className="num">{formatNumber(item.stock)}</td>
                  <td className="num">{formatNumber(item.reserved)}</td>
                  <td className="num">{formatNumber(Math.max(0, item.stock - item.reserved))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DataState>
  );
}
