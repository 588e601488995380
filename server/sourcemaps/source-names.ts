// An original file's name as a map lists it, made the path a developer knows: bundlers write it relative to the
// map's own folder (`../../app/checkout/pay.ts`, Vite and rolldown) or under a scheme of their own
// (`webpack://shop/./app/checkout/pay.ts`, webpack); the path within the project is what the explorer shows and what
// grouping keys on, the same whichever folder a build wrote to.

export function sourceName(source: string): string {
  return source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^[a-z][\w+.-]*:\/\/\/?/i, '')
    .replace(/^(?:\.{1,2}\/)+/, '')
    .replace(/\/\.\//g, '/');
}

/** A library's file (`node_modules/`) rather than the app's own: it counts less in grouping and shows after the app's. */
export const isLibrary = (source: string) => /(^|\/)node_modules\//.test(source);
