// Sidelog as the portal exposes it on `window` (app/main.tsx), driven from the test through page.evaluate.
import type { Page } from 'playwright-core';
import type { SidelogClient } from 'sidelog';
import { STORAGE_KEYS } from '../../protocol/limits.ts';

declare global {
  interface Window {
    Sidelog: SidelogClient;
  }
}

/** Waits until the portal has started Sidelog's engine; returns its operation mode. */
export async function sidelogMode(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => window.Sidelog?.mode);
  return (await handle.jsonValue()) as string;
}

/** Opens the portal at `url` in `page` and waits until Sidelog's engine has started; returns the tab's session uuid. */
export async function openPortal(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/`);
  await sidelogMode(page);
  return (await sessionUUID(page))!;
}

/** Logs `count` lines `${prefix} ${i}` (i from 1) from the page with Sidelog.log. */
export function logLines(page: Page, prefix: string, count: number): Promise<void> {
  return page.evaluate(
    ([prefix, count]) => {
      for (let i = 1; i <= count; i++) window.Sidelog.log(`${prefix} ${i}`);
    },
    [prefix, count] as const,
  );
}

/** Waits until everything logged so far is stored by the engine, then forces one upload run. */
export function sendNow(page: Page): Promise<void> {
  return page.evaluate(async () => {
    await window.Sidelog.settle();
    await window.Sidelog.forceSendOnce();
  });
}

/** This tab's session uuid, as Sidelog keeps it in sessionStorage. */
export function sessionUUID(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.sessionUuid);
}

/** This browser's device udid, as Sidelog keeps it in localStorage. */
export function deviceUdid(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.deviceUdid);
}

/** The numbers of the lines `${prefix} N` among `texts`, in the order given. */
export function lineNumbers(texts: (string | undefined)[], prefix: string): number[] {
  const pattern = new RegExp(`^${prefix} (\\d+)$`);
  return texts.flatMap((text) => {
    const match = pattern.exec(text ?? '');
    return match ? [Number(match[1])] : [];
  });
}

/** 1..count */
export const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
