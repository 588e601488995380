// The reason an upload past the app's bound is refused (server/sourcemaps/limits.ts), the same from both stores.
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const overAppCap = (kept: number, adding: number, cap: number) =>
  `the app's maps would take ${mb(kept + adding)}, past its ${mb(cap)}: delete an older release's maps first`;
