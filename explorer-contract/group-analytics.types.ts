// `GET /apps/{appID}/issue-groups/{id}/analytics`: an issue group's analytics (docs/explorer.md#an-issue-groups-analytics),
// answered by server/explorer/group-analytics.ts and shown by explorer/insight/GroupAnalytics.tsx.

export interface GroupAnalytics {
  occurrences: number;
  /** Every day (UTC) from the first occurrence kept to the last, oldest first, the empty ones too. */
  days: { day: string; count: number }[];
  /** Newest version first (versions in no order last, by name); each with when it first arrived. */
  versions: { value: string; count: number; first_seen: string }[];
  os: { value: string; count: number }[];
  browsers: { value: string; count: number }[];
  first_seen: { received: string | null; logged: number | null; version: string | null };
  resolved_in: string | null;
}
