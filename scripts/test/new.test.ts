import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validateChange } from '@headwater/plugin-sdk/editor/validate.ts';
import { validateManifest } from '@headwater/plugin-sdk/manifest.ts';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing.ts';
import { scaffold } from '../new.ts';

// Scaffold inside the repository so the generated code resolves the workspace packages.
const root = mkdtempSync(join(import.meta.dirname, '..', '.scaffold-test-'));
writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ extends: '../../tsconfig.base.json' }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run new -- plugin <id>', () => {
  it('creates a registered plugin package with a page, a server half, a test and a README', async () => {
    const dir = scaffold('plugin', 'river-notes', { root });
    for (const f of ['package.json', 'rspack.config.ts', 'tsconfig.json', 'vitest.config.ts', 'README.md', 'src/plugin.tsx', 'src/RiverNotesPage.tsx', 'server/index.ts', 'test/server.test.ts']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(validateManifest({ ...pkg.headwater, version: pkg.version })).toEqual([]);
    expect(pkg.headwater.routes).toEqual([{ path: '/river-notes', access: 'user', title: 'River Notes' }]);
    expect(readFileSync(join(dir, 'src/plugin.tsx'), 'utf8')).toContain("pages: { '/river-notes': RiverNotesPage }");

    const server = (await import(pathToFileURL(join(dir, 'server/index.ts')).href)).default;
    expect(server.id).toBe('river-notes');
    const body = await server.routes[0].handler({ params: {}, query: {}, body: undefined, user: { id: 1, userName: 'ada', roles: ['Registered'], isAdmin: false } });
    expect(body).toEqual({ message: 'River Notes is ready for ada.' });
  });

  it('refuses bad ids, unknown kinds and existing folders', () => {
    expect(() => scaffold('plugin', 'Bad_Id', { root })).toThrow(/not a plugin id/);
    expect(() => scaffold('widget', 'ok-id', { root })).toThrow(/unknown kind 'widget'/);
    expect(() => scaffold('plugin', 'river-notes', { root })).toThrow(/already exists/);
  });
});

describe('npm run new -- editor <id>', () => {
  it('creates an editor package: manifest, schema, a defineEditor page, the server half and their tests', async () => {
    const dir = scaffold('editor', 'river-cn', { root, title: 'River CN', modTable: 'RiverCn' });
    for (const f of ['package.json', 'rspack.config.ts', 'tsconfig.json', 'vitest.config.ts', 'README.md', 'src/plugin.tsx', 'src/schema.ts', 'server/index.ts', 'test/schema.test.ts', 'test/server.test.ts']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(validateManifest({ ...pkg.headwater, version: pkg.version })).toEqual([]);
    expect(pkg.headwater).toMatchObject({ kind: 'editor', modTable: 'RiverCn', title: 'River CN' });
    const route = '/projects/:id/scenarios/:scenarioID/river-cn';
    expect(pkg.headwater.routes).toEqual([{ path: route, access: 'user', title: 'River CN' }]);
    expect(pkg.headwater.nav).toEqual([{ menu: 'scenario-editors', label: 'River CN', path: route }]);
    expect(JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).include).toContain('server');

    const plugin = (await import(pathToFileURL(join(dir, 'src/plugin.tsx')).href)).default;
    expect(Object.keys(plugin.pages)).toEqual([route]);
    expect(plugin.editor).toMatchObject({ id: 'river-cn', modTable: 'RiverCn', selection: 'hru' });
  });

  it('scaffolds a server half platform-api can load: same id and table, the form\'s schema, an apply that runs', async () => {
    const dir = join(root, 'editors', 'river-cn');
    const text = readFileSync(join(dir, 'server/index.ts'), 'utf8');
    expect(text).not.toMatch(/__[A-Z]+__/);
    const server = (await import(pathToFileURL(join(dir, 'server/index.ts')).href)).default;
    const { schema } = await import(pathToFileURL(join(dir, 'src/schema.ts')).href);
    // what platform-api's loadPluginServers and editorServers check and use
    expect(server.id).toBe('river-cn');
    expect(server.editor).toMatchObject({ modTable: 'RiverCn', schema });
    expect(validateChange(server.editor.schema, { value: 11 })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(server.editor.describe({ value: 5 })).toBe('5%');
    // apply runs on a tiny assembled project and, as scaffolded, writes nothing
    const project = tinyProject();
    const before = structuredClone(project);
    await server.editor.apply(applyContext(project, [{ modificationObject: { value: 5 } }, { subbasins: [1], landuses: ['AGRL'], modificationObject: { value: -5 } }]));
    expect(project).toEqual(before);
    // its test says what to do once apply writes something
    expect(readFileSync(join(dir, 'test/server.test.ts'), 'utf8')).toContain("import server from '../server/index.ts'");
  });

  it('refuses a bad modification table name', () => {
    expect(() => scaffold('editor', 'river-x', { root, modTable: 'not a table' })).toThrow(/not a modification table name/);
  });
});
