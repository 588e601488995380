// The key a map is found by: the path of the minified file's URL, without origin, query or fragment. A stack names
// the file by its full URL (https://shop.example/assets/index-BfX2k.js?v=2); the same build served from staging and
// production, or through a CDN's host, is the same file, so the origin is not part of the key.

/** The path of `url` (an http(s) URL, or a path that starts with '/'), or undefined for anything else. */
export function mapPathOf(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url.replace(/[?#].*$/, '');
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.pathname : undefined;
}
