// What a session's header adds after its device's name (SessionHeader.tsx): the model and the system, each unless the
// name already says it. Sidelog names a browser `<browser> <version> (<system>)` (protocol/device-browser.ts), so its
// sessions read "HeadlessChrome 156 (Linux)", not "HeadlessChrome 156 (Linux) (Linux)".
export function deviceDetails(name: string | null, model: string | null, system: string | null): string {
  return [model, system].filter((part) => part && !name?.includes(`(${part})`)).join(', ');
}
