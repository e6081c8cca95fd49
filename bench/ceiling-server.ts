import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The ceiling of `bench -- ceiling`: a Hono app on @hono/node-server with one route answering a constant in the
 * API's envelope, so the difference to an API call is the call's own work. Prints its URL on stdout.
 */
const app = new Hono();
const body = { error_code: 0, msg: 'success', data: { ok: 1 } };
app.get('/constant', (c) => c.json(body));
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
