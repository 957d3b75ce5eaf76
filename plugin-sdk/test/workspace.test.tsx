// The plugin contract over every plugin of the workspace: each package.json names the manifest
// schema and passes it, route names and paths belong to one plugin each, the SDK's route
// references match the paths that declare them, and each remote binds a page to every route
// it declares (what the shell will look up by name).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest, validateManifest } from '../src/manifest-schema.ts';
import { registryProblems, routeParamNames, type PluginManifest } from '../src/manifest.ts';
import type { PluginDefinition } from '../src/plugin.ts';
import { ROUTES } from '../src/routes.ts';

const root = join(import.meta.dirname, '..', '..');
const packages = ['plugins', 'editors'].flatMap((d) =>
  readdirSync(join(root, d))
    .map((n) => join(root, d, n))
    .filter((dir) => existsSync(join(dir, 'package.json'))),
);
const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { $schema?: string; version: string; headwater?: unknown };
const manifests: [string, PluginManifest][] = packages.map((dir) => [dir.slice(root.length + 1), loadManifest(read(dir), dir)]);

describe('every workspace plugin', () => {
  it.each(packages.map((d) => [d.slice(root.length + 1), d]))('%s names the manifest schema and passes it', (_name, dir) => {
    const pkg = read(dir);
    expect(pkg.$schema).toBe('../../plugin-sdk/manifest.schema.json');
    expect(validateManifest(pkg.headwater)).toEqual([]);
  });

  it('declares route names and paths no other plugin declares', () => {
    expect(registryProblems(manifests.map(([, m]) => m))).toEqual([]);
  });

  it("matches the SDK's route references: each declared reference has the parameters it is typed with", () => {
    // The typed parameters of each reference, as its type lists them (kept in step by hand).
    const typed: Record<string, string[]> = {
      ProjectView: ['id'], ProjectHrus: ['id'], ProjectDocuments: ['id'], ProjectMetadata: ['id'], ProjectDownloads: ['id'],
      ProjectErrorReports: ['id'], ProjectErrorReportCreate: ['id'], ProjectErrorReport: ['id', 'reportID'], HruTable: ['id'],
      ScenarioList: ['id'], ScenarioCreate: ['id'], ScenarioView: ['id', 'scenarioID'],
      GroupView: ['id'], FeedbackReport: ['reportID'],
      DatasetView: ['id'],
      AdminUser: ['id'], AdminTier: ['id'], AdminGroup: ['id'],
      AdminErrorReport: ['id'],
      AdminWeather: ['id'], AdminSwatVersion: ['id'], AdminWebsiteTextPage: ['name'],
      AdminDataset: ['id'],
      BatchView: ['id'], MigrationVerify: ['code'],
      SwatCheckOutput: ['id', 'scenarioID'], CeQualOutput: ['id', 'scenarioID'], FfaOutput: ['id', 'scenarioID'], BaseflowOutput: ['id', 'scenarioID'],
      FfaResult: ['id', 'scenarioID', 'requestID'], BaseflowResult: ['id', 'scenarioID', 'requestID'],
      CalibrationRunsOutput: ['id', 'scenarioID'], CalibrationRunResult: ['id', 'scenarioID', 'requestID'],
    };
    const routes = manifests.flatMap(([, m]) => m.routes);
    for (const ref of Object.values(ROUTES)) {
      const route = routes.find((r) => r.name === ref.name);
      if (route) expect([ref.name, routeParamNames(route.path)]).toEqual([ref.name, typed[ref.name] ?? []]);
    }
  });

  it.each(packages.map((d) => [d.slice(root.length + 1), d]))('%s binds a page to every route it declares', async (_name, dir) => {
    const mod = (await import(join(dir, 'src', 'plugin.tsx'))) as { default: PluginDefinition };
    const manifest = loadManifest(read(dir), dir);
    expect(mod.default.id).toBe(manifest.id);
    for (const r of manifest.routes) expect([r.name, typeof mod.default.pages[r.name]]).toEqual([r.name, 'function']);
  });
});
