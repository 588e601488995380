// A URL as a message or a status may show it: without the user name or password it may hold.

export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    // Not a URL: whatever precedes an @ may still be credentials.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1');
  }
}
