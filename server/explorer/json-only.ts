// The explorer's routes that change something take a JSON body only: a form of another site cannot send one
// without the browser asking first, and the service's CORS answers no other origin.
import type { MiddlewareHandler } from 'hono';

export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) return c.json({ error: 'the body must be JSON (Content-Type: application/json)' }, 415);
  await next();
};
