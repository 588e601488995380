// Sidelog's options on the bench's pages: no console printing and no captures, so a burst measures the log call alone.
export const QUIET_OPTIONS = {
  overrideConsoleMethods: false,
  printToConsole: false,
  logBrowserEvents: false,
  logUIEvents: false,
  logNetworkRequests: false,
  logWebVitals: false,
  registerErrorHandler: false,
} as const;
