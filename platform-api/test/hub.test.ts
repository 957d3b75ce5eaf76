import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

function connect(token?: string): Promise<Socket> {
  const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const join = (s: Socket, room: string) => new Promise<boolean>((r) => s.emit('join', room, r));

describe('status hub', () => {
  it('pushes events published on the bus (Redis pub/sub) to the joined room only', async () => {
    const a = await connect();
    const b = await connect();
    expect(await join(a, 'site')).toBe(true);
    const got = new Promise((r) => a.once('plugins-changed', r));
    let leaked = false;
    b.once('plugins-changed', () => (leaked = true));
    await app.deps.bus.publish('site', 'plugins-changed', { id: 'help', enabled: false });
    expect(await got).toEqual({ id: 'help', enabled: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
  });

  it('lets a user join only their own user room', async () => {
    const token = await app.login();
    const mine = await connect(token);
    expect(await join(mine, 'user:admin')).toBe(true);
    expect(await join(mine, 'user:someone-else')).toBe(false);
    const anonymous = await connect();
    expect(await join(anonymous, 'user:admin')).toBe(false);
    expect(await join(anonymous, 'project:1')).toBe(false); // no authoriser registered: refused
  });

  it('delivers a worker job progress through the bus', async () => {
    const token = await app.login();
    const s = await connect(token);
    await join(s, 'user:admin');
    const got = new Promise((r) => s.once('job-progress', r));
    const q = app.deps.queue.queue<{ user: string }>('hub-probe');
    q.process(1, async (job) => {
      await app.deps.bus.publish(`user:${job.data.user}`, 'job-progress', { percent: 40, message: 'Writing TxtInOut' });
    });
    await q.add({ user: 'admin' });
    expect(await got).toEqual({ percent: 40, message: 'Writing TxtInOut' });
  });
});
