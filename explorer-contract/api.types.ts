// The explorer API's answers, shared by the service (server/sqlite/explorer-queries.ts) and the explorer's page
// (explorer/api.ts). No Node imports: the page's project compiles it too.

/** A session's counts by level, in level order (Debug 0 … Fatal 5). */
export const LEVEL_COLUMNS = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'] as const;

/** What a stored log holds besides its session and time, absent fields as null (as they come out of the database). */
export interface StoredLogFields {
  x: string;
  t: string | null;
  m: string | null;
  tg: string | null;
  f: string | null;
  l: number | null;
  ll: number | null;
  u: string | null;
}

export interface ExplorerLog extends StoredLogFields {
  id: number;
  session_uid: string;
  udid: string;
  at: number;
}

export interface LogPage {
  logs: ExplorerLog[];
  /** Pass back as `before` for the next (older) page; null at the end. */
  next: string | null;
}

export interface ExplorerSession {
  session_uid: string;
  udid: string;
  device_name: string;
  app_version: string;
  app_build: string;
  language: string;
  sdk: string;
  time: string;
  first_at: number | null;
  last_at: number | null;
  counts: Record<(typeof LEVEL_COLUMNS)[number], number>;
  total: number;
  issues: number;
}

export interface ExplorerIssue {
  id: number;
  uid: string;
  type: string;
  title: string;
  text: string;
  url: string;
  received_at: string;
  session_uid: string;
  udid: string;
  device_name: string;
}

export interface ExplorerDevice {
  udid: string;
  name: string;
  os_version: string;
  language: string;
  first_seen: string;
  last_seen: string;
  sessions: number;
}
