// Sidelog's version, read from the package at build time: Vite (and Vitest, and tsc) take the one field from
// package.json, so a release bumps it in one place.
import { version } from '../../package.json';

/** Sent as sdk_version and in the X-User-Agent header (docs/wire-format.md#requests). */
export const SDK_VERSION: string = version;
