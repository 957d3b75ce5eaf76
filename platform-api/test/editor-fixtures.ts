// Editors for tests of the change store. The store takes changes only for a modification table
// an enabled editor registers; a table whose editor is not in the workspace yet (sediment
// routing, ...) is registered here as an external editor (a manifest, no server half), as an
// administrator registers a remote: POST admin/plugins with the URL of its mf-manifest.json.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './helpers.ts';

export async function registerTestEditor(app: TestApp, adminToken: string, editor: { id: string; modTable: string; title: string }): Promise<void> {
  const served: Record<string, unknown> = {
    '/mf-manifest.json': { id: `hw_${editor.id}`, name: `hw_${editor.id}`, exposes: [{ id: `hw_${editor.id}:plugin`, name: 'plugin', path: './plugin' }], shared: [] },
    '/headwater.json': { ...editor, kind: 'editor', sdk: '^1', version: '1.0.0' },
  };
  const remote = createServer((req, res) => {
    const body = served[req.url ?? ''];
    res.statusCode = body === undefined ? 404 : 200;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body ?? 'not found'));
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', () => r()));
  try {
    const url = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/mf-manifest.json`;
    const res = await app.request('/api/admin/plugins', { body: { manifestUrl: url }, token: adminToken });
    if (res.status !== 201) throw new Error(`registering the test editor ${editor.id}: ${res.status} ${JSON.stringify(res.body)}`);
  } finally {
    remote.close();
  }
}
