// A line written as a JSON object by one of Sidelog's captures (a network request, a UI or browser event, Web
// Vitals), parsed once for the reading of its kind (network-line.ts, event-line.ts); any other text is none.
export function lineObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
