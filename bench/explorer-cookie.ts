// The explorer API's session cookie for the admin, as the explorer's sign-in form gets it: the benches read the API
// as a signed-in support engineer would.
export async function explorerCookie(serviceUrl: string, adminToken: string): Promise<string> {
  const signIn = await fetch(`${serviceUrl}/sidelog/explorer/api/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: adminToken }),
  });
  const cookie = signIn.headers.get('Set-Cookie')?.split(';')[0];
  if (!signIn.ok || !cookie) throw new Error(`signing in to the explorer: ${signIn.status} ${await signIn.text()}`);
  return cookie;
}
