// What a view shows while its data loads or when the service cannot give it.
import type { ReactNode } from 'react';
import type { PartnerData } from './use-partner-data.ts';

export function DataState<T>({ result, children }: { result: PartnerData<T>; children: (data: T) => ReactNode }) {
  if (result.state === 'loading')
    return (
      <p className="muted" role="status">
        Загрузка…
      </p>
    );
  if (result.state === 'error')
    return (
      <p className="notice-error" role="alert">
        Не удалось загрузить данные. Обновите страницу позже.
      </p>
    );
  return <>{children(result.data)}</>;
}
