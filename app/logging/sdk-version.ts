/** Sidelog's version, sent as sdk_version and in the X-User-Agent header. */
export const SDK_VERSION = '0.1.0';
