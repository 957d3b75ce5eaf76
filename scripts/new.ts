// `npm run new -- plugin <id> [--title "Title"]`: creates a working plugin package from
// scripts/templates/plugin — registered (headwater block), built by `npm run build`, listed
// by GET /api/plugins, routed by the shell, with a server half and a test.
// `npm run new -- editor <id> [--title "Title"] [--modtable Table]`: an input editor under
// editors/<id> from scripts/templates/editor — its id, title and table declared once (package.json
// `headwater`), its schema, `defineEditor(pkg, …)` and `defineEditorServer(pkg, …)` (schema checked
// on save, `apply` at run time: the part to write) and a test of its messages and `apply`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const KINDS: Record<string, { template: string; parent: string }> = {
  plugin: { template: 'plugin', parent: 'plugins' },
  editor: { template: 'editor', parent: 'editors' },
};

export function scaffold(kind: string, id: string, opts: { title?: string; modTable?: string; root?: string } = {}): string {
  const spec = KINDS[kind];
  if (!spec) throw new Error(`unknown kind '${kind}'. Kinds: ${Object.keys(KINDS).join(', ')}`);
  if (!/^[a-z][a-z0-9-]{1,40}$/.test(id)) throw new Error(`'${id}' is not a plugin id: use lower-case letters, digits and dashes (2–41 characters), starting with a letter`);
  const base = opts.root ?? root;
  const target = join(base, spec.parent, id);
  if (existsSync(target)) throw new Error(`${relative(base, target)} already exists`);
  const title = opts.title ?? id.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  const component = title.replace(/[^A-Za-z0-9]/g, '') || 'Plugin';
  // An editor's modification table (Cn2Percent, Wgn, ...); by default the id in PascalCase.
  const modTable = opts.modTable ?? id.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(modTable)) throw new Error(`'${modTable}' is not a modification table name: use letters and digits`);
  const fill = (text: string) =>
    text.replaceAll('__ID__', id).replaceAll('__TITLE__', title).replaceAll('__COMPONENT__', component).replaceAll('__MODTABLE__', modTable);
  const templateDir = join(import.meta.dirname, 'templates', spec.template);
  const copy = (from: string, to: string) => {
    for (const name of readdirSync(from)) {
      const src = join(from, name);
      if (statSync(src).isDirectory()) {
        mkdirSync(join(to, name), { recursive: true });
        copy(src, join(to, name));
      } else {
        const outName = fill(name.replace(/\.tmpl$/, '').replace(/^Page\.tsx$/, '__COMPONENT__Page.tsx'));
        writeFileSync(join(to, outName), fill(readFileSync(src, 'utf8')));
      }
    }
  };
  mkdirSync(target, { recursive: true });
  copy(templateDir, target);
  return target;
}

if (import.meta.main) {
  const [kind, id, ...rest] = process.argv.slice(2);
  const option = (name: string) => (rest.indexOf(name) >= 0 ? rest[rest.indexOf(name) + 1] : undefined);
  try {
    if (!kind || !id) throw new Error('usage: npm run new -- plugin <id> [--title "Title"]  |  npm run new -- editor <id> [--title "Title"] [--modtable Table]');
    const dir = scaffold(kind, id, { title: option('--title'), modTable: option('--modtable') });
    process.stdout.write(`created ${relative(root, dir)}\n`);
    const install = spawnSync('pnpm', ['install', '--offline', '--reporter=silent'], { cwd: root, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('pnpm install failed; run it yourself, then npm run build');
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.ts'), relative(root, dir)], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the new ${kind} did not build`);
    if (kind === 'editor')
      process.stdout.write(
        `\n${id} is ready: restart the server (npm start), open a scenario and choose it in the scenario's list of editors. ` +
          `Its schema: ${relative(root, dir)}/src/schema.ts. How its changes are written into the SWAT inputs at run time: ` +
          `the apply of ${relative(root, dir)}/server/index.ts (it writes nothing yet).\n`,
      );
    else process.stdout.write(`\n${id} is ready: restart the server (npm start) and open /${id}. Its code: ${relative(root, dir)}/src/plugin.tsx\n`);
  } catch (err) {
    process.stderr.write(`new: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
