// A load generator in its own process (so the server under test does not share its event
// loop): `node load.ts <url> <clients> <total> [token]` keeps <clients> requests in flight over
// keep-alive connections until <total> are answered, and prints one JSON line of figures.
import http from 'node:http';

const [url, clientsArg, totalArg, token] = process.argv.slice(2);
if (!url || !clientsArg || !totalArg) throw new Error('usage: load.ts <url> <clients> <total> [token]');
const clients = Number(clientsArg);
const total = Number(totalArg);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
if (token) headers.authorization = `Bearer ${token}`;

function once(): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const latencies: number[] = [];
let next = 0;
let bad = 0;
let bytes = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < total) {
      next++;
      const r = await once();
      if (r.status !== 200) bad++;
      bytes = r.bytes;
      latencies.push(r.ms);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
agent.destroy();
process.stdout.write(JSON.stringify({ rps: total / seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), bad, bytes }) + '\n');
