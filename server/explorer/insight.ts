// The explorer's views beyond the log stream, each in a file of its own, mounted together behind the explorer API's
// sign-in and app (server/explorer/api.ts): patterns, issue groups with their replies and their story, sessions by
// sequence, saved views and their alerts, device-key history, a person's devices copied and erased (docs/privacy.md)
// and the app's webhook (docs/explorer.md), and a crash's frames and a log's call site through the app's source maps
// (docs/source-maps.md).
import { Hono } from 'hono';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type {
  AlertStore,
  AppStore,
  CollectedReads,
  CollectorStore,
  DeviceErasureStore,
  DeviceHistoryStore,
  ErasureRecordStore,
  DownloadRecordStore,
  IssueGroupStore,
  IssueReplyStore,
  SavedViewStore,
  SourceMapStore,
  WebhookStore,
} from '../stores/store.types.ts';
import { createLogPlaceRoutes } from '../sourcemaps/explorer-log-place.ts';
import { createFrameRoutes } from './stack-frames.ts';
import type { ExplorerEnv } from './api-params.ts';
import { createDeviceCopyRoutes } from './device-copy.ts';
import { createDeviceErasureRoutes } from './device-erasure.ts';
import { createDownloadRoutes } from './download-routes.ts';
import { createDeviceHistoryRoutes } from './device-history.ts';
import { createIssueGroupRoutes } from './issue-groups.ts';
import { createIssueReplyRoutes } from './issue-replies.ts';
import { createPatternRoutes } from './patterns.ts';
import { createSavedViewRoutes } from './saved-views.ts';
import { createAlertRoutes } from './alert-routes.ts';
import { createSequenceRoutes } from './sequences.ts';
import { createWebhookRoutes } from './webhook.ts';
import { createIdentityRoutes } from './identity.ts';

export type InsightStore = IssueGroupStore &
  IssueReplyStore &
  WebhookStore &
  SavedViewStore &
  AlertStore &
  DeviceHistoryStore &
  DeviceErasureStore &
  ErasureRecordStore &
  DownloadRecordStore &
  SourceMapStore &
  Pick<AppStore, 'setIdentityKey' | 'apps'> &
  Pick<CollectedReads, 'issue' | 'session' | 'device'> &
  Pick<CollectorStore, 'sessionById'>;

export function createInsightRoutes(store: InsightStore, queries: ExplorerQueries): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  for (const part of [
    createPatternRoutes(queries),
    createIssueGroupRoutes(store, queries),
    createIssueReplyRoutes(store),
    createSequenceRoutes(queries),
    createSavedViewRoutes(store),
    createAlertRoutes(store),
    createDeviceHistoryRoutes(store),
    createDeviceCopyRoutes(store, queries, store),
    createDeviceErasureRoutes(store),
    createDownloadRoutes(store),
    createWebhookRoutes(store),
    createIdentityRoutes(store),
    createFrameRoutes(store),
    createLogPlaceRoutes(store, queries),
  ])
    routes.route('/', part);
  return routes;
}
