// Pagination of the admin API's lists: `?cursor=&limit=`, an array a page, and `Link: <…>; rel="next"` while
// more rows follow (the body keeps the shape it had before pagination). The tests and the bench read lists with
// `readAllPages`.

/** Rows a page, unless `limit` asks for fewer. */
export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;

/** The next page's URL (relative to the service) from a Link header, if it names one. */
export function nextPageURL(link: string | null): string | undefined {
  return link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined;
}

/** Every row of a list, following the cursor page after page. `get` fetches a path relative to the admin API's
 * origin (a leading `/sidelog/admin/api/…`). */
export async function readAllPages<T>(
  get: (path: string) => Response | Promise<Response>,
  firstPath: string,
): Promise<T[]> {
  const rows: T[] = [];
  for (let path: string | undefined = firstPath; path;) {
    const response = await get(path);
    if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
    rows.push(...((await response.json()) as T[]));
    path = nextPageURL(response.headers.get('Link'));
  }
  return rows;
}
