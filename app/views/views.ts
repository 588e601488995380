// The five protected views (docs/portal.md#routes), each loaded on demand into its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ViewRoute {
  path: string;
  /** Its name in the navigation and the page title. */
  label: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const VIEWS: readonly ViewRoute[] = [
  { path: '/about', label: 'О партнере', Component: lazy(() => import('../views/AboutView.tsx')) },
  { path: '/sales', label: 'Продажи', Component: lazy(() => import('../views/SalesView.tsx')) },
  { path: '/stats', label: 'Статистика', Component: lazy(() => import('../views/StatsView.tsx')) },
  { path: '/warehouse', label: 'Склад', Component: lazy(() => import('../views/WarehouseView.tsx')) },
  { path: '/support', label: 'Поддержка', Component: lazy(() => import('../views/SupportView.tsx')) },
];
