// The webhook's body when a saved view's alert fires or clears (docs/explorer.md#alerts): the view, the condition in
// data and in words, the window's count, and a link to the view over that window, so that a receiver opens the very
// logs that were counted.
import { alertText, type AlertFiring } from '../../explorer-contract/view-alert.ts';

export type AlertEvent = 'alert.fired' | 'alert.cleared';

export interface AlertPayload {
  event: AlertEvent;
  app: { app_id: string };
  alert: {
    id: number;
    view: { id: string; name: string };
    condition: AlertFiring['condition'];
    text: string;
    count: number;
    window: { from: string; to: string };
    fired_at: string;
    cleared_at: string | null;
    url: string;
  };
}

/** The view's address with the window for its range (the view's own range replaced), on the explorer's origin. */
export function alertViewUrl(
  origin: string,
  appId: string,
  view: { path: string; query: string },
  window: { from: number; to: number },
): string {
  const params = new URLSearchParams(view.query);
  params.set('app', appId);
  params.set('from', new Date(window.from).toISOString());
  params.set('to', new Date(window.to).toISOString());
  return `${origin}/sidelog${view.path}?${params}`;
}

/** `firing` as it stands after the check (cleared or not), whose count is `count` over `window`. */
export function alertPayload(
  event: AlertEvent,
  appId: string,
  view: { id: string; name: string; path: string; query: string },
  firing: Pick<AlertFiring, 'id' | 'condition' | 'fired_at' | 'cleared_at'>,
  check: { count: number; window: { from: number; to: number } },
  origin: string,
): AlertPayload {
  return {
    event,
    app: { app_id: appId },
    alert: {
      id: firing.id,
      view: { id: view.id, name: view.name },
      condition: firing.condition,
      text: alertText(firing.condition),
      count: check.count,
      window: { from: new Date(check.window.from).toISOString(), to: new Date(check.window.to).toISOString() },
      fired_at: firing.fired_at,
      cleared_at: firing.cleared_at,
      url: alertViewUrl(origin, appId, view, check.window),
    },
  };
}
