// The shell offers plugins only react-router's declarative API (build/shared-parts.ts); a
// remote's build stops on any other import from it, which would be undefined at run time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSharedImports } from '../build/shared-parts.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function src(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-shared-parts-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('imports from partly shared libraries', () => {
  it('accepts the offered names, renamed ones and type imports', () => {
    const dir = src({
      'plugin.tsx': "import { Link, useNavigate as go } from 'react-router';\nimport type { Location } from 'react-router';\n",
      'pages/Page.tsx': "import {\n  useParams,\n  type NavigateFunction,\n  useSearchParams,\n} from \"react-router\";\n",
    });
    expect(() => checkSharedImports(dir)).not.toThrow();
  });

  it('names the file and the import the shell does not offer', () => {
    const dir = src({ 'pages/Data.tsx': "import { Link, useLoaderData } from 'react-router';\n" });
    expect(() => checkSharedImports(dir)).toThrow(/Data\.tsx: 'useLoaderData' from 'react-router' is not offered/);
  });

  it('refuses a namespace or default import, which cannot be checked', () => {
    expect(() => checkSharedImports(src({ 'a.ts': "import * as router from 'react-router';\n" }))).toThrow(/import the names you use/);
    expect(() => checkSharedImports(src({ 'b.ts': "import router from 'react-router';\n" }))).toThrow(/import the names you use/);
  });
});
