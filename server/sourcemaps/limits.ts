// The bounds on an app's source maps (docs/source-maps.md#limits): a build's largest map is a few megabytes (the
// portal's is under 1 MB), a release a few of them, and an app keeps a handful of releases; past these the upload is
// refused with its reason, so that maps, kept until deleted, cannot fill the database.

/** One map's JSON, as uploaded. */
export const MAX_MAP_BYTES = 20 * 1024 * 1024;
/** Every map an app keeps, all releases together. */
export const MAX_APP_MAP_BYTES = 200 * 1024 * 1024;
/** A release's name (the app's `version` or `build`), and the minified file's URL a map is for. */
export const MAX_RELEASE_LENGTH = 200;
export const MAX_URL_LENGTH = 2_000;
