// Stats: orders and revenue by month.
import { PARTNER_API, type StatsData } from '../../portal/api.types.ts';
import { DataState } from './DataState.tsx';
import { formatMoney, formatMonth, formatNumber } from './format.ts';
import { usePartnerData } from './use-partner-data.ts';

export default function StatsView() {
  const result = usePartnerData<StatsData>(PARTNER_API.stats);
  return (
    <DataState result={result}>
      {({ months }) => {
        const top = Math.max(1, ...months.map((month) => month.revenue));
        return (
          <div className="table-scroll">
            <table className="table">
              <caption>Заказы и выручка по месяцам</caption>
              <thead>
                <tr>
                  <th scope="col">Месяц</th>
                  <th scope="col" className="num">
                    Заказы
                  </th>
                  <th scope="col" className="num">
                    Выручка
                  </th>
                  <th scope="col" aria-hidden="true"></th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">
                      <time dateTime={month.month}>{formatMonth(month.month)}</time>
                    </th>
                    <td className="num">{formatNumber(month.orders)}</td>
                    <td className="num">{formatMoney(month.revenue)}</td>
                    <td className="bar-cell" aria-hidden="true">
                      <span className="bar" style={{ width: `${(month.revenue / top) * 100}%` }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }}
    </DataState>
  );
}
