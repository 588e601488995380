// The five protected views (docs/portal.md#routes), each loaded on demand into its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface ViewRoute {
  path: string;
  /** Its name in the navigation and the page title. */
  label: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const VIEWS: readonly ViewRoute[] = [
  { path: '/about', label: 'О партнере', Component: lazy(() => import('./AboutView.tsx')) },
  { path: '/sales', label: 'Продажи', Component: lazy(() => import('./SalesView.tsx')) },
  { path: '/stats', label: 'Статистика', Component: lazy(() => import('./StatsView.tsx')) },
  { path: '/warehouse', label: 'Склад', Component: lazy(() => import('./WarehouseView.tsx')) },
  { path: '/support', label: 'Поддержка', Component: lazy(() => import('./SupportView.tsx')) },
];
