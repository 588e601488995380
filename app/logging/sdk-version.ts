// Sidelog's version, read from its package at build time (packages/sidelog/package.json, docs/package.md): Vite,
// the package's build (and Vitest, and tsc) take the one field from it, so a release bumps it in one place.
import { version } from '../../packages/sidelog/package.json';

/** Sent as sdk_version and in the X-User-Agent header (docs/wire-format.md#requests). */
export const SDK_VERSION: string = version;
