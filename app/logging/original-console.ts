// The console as it was before Sidelog (or anything loaded after it) replaced its methods.
// Sidelog prints through these, so that its own output is never captured back as a log.
export const originalConsole = {
  log: console.log.bind(console),
  info: console.info.bind(console),
  warn: console.warn.bind(console),
  error: console.error.bind(console),
  trace: console.trace.bind(console),
};
