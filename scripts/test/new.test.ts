import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validateManifest } from '@headwater/plugin-sdk/schema';
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { scaffold } from '../new.ts';

// Scaffold inside the repository so the generated code resolves the workspace packages; the
// workspace's root files a package names by a relative path (tsconfig.base.json, the vitest and
// rspack factories) are forwarded from the scaffold root.
const repo = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(import.meta.dirname, '..', '.scaffold-test-'));
writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ extends: '../../tsconfig.base.json' }));
writeFileSync(join(root, 'vitest.factory.ts'), "export * from '../../vitest.factory.ts';\n");
writeFileSync(join(root, 'rspack.config.ts'), "export * from '../../rspack.config.ts';\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Lines of the files a developer reads and writes (package.json, tsconfig and README aside). */
function handWrittenLines(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = join(d, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (!['package.json', 'tsconfig.json', 'README.md'].includes(name)) out[relative(dir, file)] = readFileSync(file, 'utf8').trimEnd().split('\n').length;
    }
  };
  walk(dir);
  return out;
}

const node = (args: string[], cwd: string) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 240_000 });

describe('npm run new -- plugin <id>', () => {
  it('creates a registered plugin package with a page, a server half, a test and a README', async () => {
    const dir = scaffold('plugin', 'river-notes', { root });
    for (const f of ['package.json', 'rspack.config.ts', 'tsconfig.json', 'vitest.config.ts', 'README.md', 'src/plugin.tsx', 'src/RiverNotesPage.tsx', 'server/index.ts', 'test/server.test.ts']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(validateManifest(pkg.headwater)).toEqual([]);
    expect(pkg.headwater.routes).toEqual([{ name: 'RiverNotes', path: '/river-notes', access: 'user', title: 'River Notes' }]);
    expect(readFileSync(join(dir, 'src/plugin.tsx'), 'utf8')).toContain('pages: { RiverNotes: RiverNotesPage }');

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
  const route = '/projects/:id/scenarios/:scenarioID/river-cn';

  it('creates an editor that is its schema and its apply: id, title and table declared once, under 100 hand-written lines', async () => {
    const dir = scaffold('editor', 'river-cn', { root, title: 'River CN', modTable: 'RiverCn' });
    for (const f of ['package.json', 'rspack.config.ts', 'tsconfig.json', 'vitest.config.ts', 'README.md', 'src/plugin.tsx', 'src/schema.ts', 'server/index.ts', 'test/server.test.ts']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.$schema).toBe('../../plugin-sdk/manifest.schema.json');
    expect(validateManifest(pkg.headwater)).toEqual([]);
    expect(pkg.headwater).toEqual({ id: 'river-cn', kind: 'editor', title: 'River CN', sdk: '^1', defaultEnabled: true, modTable: 'RiverCn', order: 50 });
    expect(JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).include).toContain('server');
    for (const f of ['src/plugin.tsx', 'src/schema.ts', 'server/index.ts', 'test/server.test.ts', 'vitest.config.ts']) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/__[A-Z]+__/);
    for (const f of ['src/plugin.tsx', 'src/schema.ts', 'server/index.ts']) {
      // declared once, in package.json
      expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/'RiverCn'|'river-cn'|'River CN'/);
    }
    const lines = handWrittenLines(dir);
    const total = Object.values(lines).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(lines)).toBeLessThan(100);

    const plugin = (await import(pathToFileURL(join(dir, 'src/plugin.tsx')).href)).default;
    expect(Object.keys(plugin.pages)).toEqual(['RiverCnEditor']);
    expect(plugin.manifest.routes).toEqual([{ name: 'RiverCnEditor', path: route, access: 'user', title: 'River CN' }]);
    expect(plugin.manifest.nav).toEqual([{ menu: 'scenario-editors', label: 'River CN', route: 'RiverCnEditor', order: 50 }]);
    expect(plugin.editor).toMatchObject({ id: 'river-cn', modTable: 'RiverCn', title: 'River CN', selection: 'hru', route });
  });

  it('scaffolds a server half platform-api can load: same id and table, the form\'s schema, an apply that runs', async () => {
    const dir = join(root, 'editors', 'river-cn');
    const server = (await import(pathToFileURL(join(dir, 'server/index.ts')).href)).default;
    const { schema } = await import(pathToFileURL(join(dir, 'src/schema.ts')).href);
    // what platform-api's loadPluginServers and the change store check and use
    expect(server.id).toBe('river-cn');
    expect(server.editor).toMatchObject({ modTable: 'RiverCn', schema });
    expect(validateChange(server.editor.schema, { value: 11 }, { partial: true })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(server.editor.describe({ value: 5 })).toBe('5%');
    // apply runs on a tiny assembled project and, as scaffolded, writes nothing
    const project = tinyProject();
    const before = structuredClone(project);
    await server.editor.apply(applyContext(project, [{ modificationObject: { value: 5 } }, { subbasins: [1], landuses: ['AGRL'], modificationObject: { value: -5 } }]));
    expect(project).toEqual(before);
    // its test says what to do once apply writes something
    expect(readFileSync(join(dir, 'test/server.test.ts'), 'utf8')).toContain("import server from '../server/index.ts'");
  });

  it('installs from the workspace, passes its own tests and builds', () => {
    const dir = join(root, 'editors', 'river-cn');
    // "install": the workspace's installed dependencies of an editor (what `pnpm install` links)
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    const installed = join(repo, 'editors', 'curve-number', 'node_modules');
    for (const name of readdirSync(installed)) if (!name.startsWith('.')) symlinkSync(join(installed, name), join(dir, 'node_modules', name));
    const test = node([join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], dir);
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toMatch(/2 passed/);
    const build = node([join(repo, 'scripts', 'build.ts'), relative(repo, dir)], repo);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(existsSync(join(dir, 'dist', 'mf-manifest.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'dist', 'headwater.json'), 'utf8'))).toMatchObject({ id: 'river-cn', kind: 'editor', modTable: 'RiverCn' });
  }, 300_000);

  it('refuses a bad modification table name', () => {
    expect(() => scaffold('editor', 'river-x', { root, modTable: 'not a table' })).toThrow(/not a modification table name/);
  });
});
