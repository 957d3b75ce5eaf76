// The JSON-schema check of a plugin manifest (the `headwater` block), with ajv. Used where a
// manifest comes in: workspace discovery at start, an external plugin registered by its URL,
// the scaffold, and the workspace contract test. Kept out of the browser bundle (ajv).
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import packageSchema from '../manifest.schema.json' with { type: 'json' };
import { expandManifest, manifestProblems, type ManifestSource, type PluginManifest } from './manifest.ts';

/** The JSON schema of a plugin's package.json (`$defs.manifest` is the headwater block). */
export const PLUGIN_PACKAGE_SCHEMA = packageSchema;

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema(packageSchema);
const checkSource = ajv.compile({ $ref: `${packageSchema.$id}#/$defs/manifest` });

function describe(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the manifest';
  if (e.keyword === 'additionalProperties') return `${where}: unknown key '${(e.params as { additionalProperty: string }).additionalProperty}'.`;
  if (e.keyword === 'enum') return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}.`;
  if (e.keyword === 'required') return `${where} needs '${(e.params as { missingProperty: string }).missingProperty}'.`;
  if (e.keyword === 'not' && e.schemaPath.includes('allOf/0')) return 'only an editor declares modTable.';
  if (e.keyword === 'not') return `${where}: a page plugin has no slug.`;
  return `${where} ${e.message ?? 'is not valid'}.`;
}

/** Checks a `headwater` block (as written, or as stored with its version and routes spelled
 * out) against the schema and the contract's other rules; returns the problems, empty when valid. */
export function validateManifest(source: unknown): string[] {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return ['The manifest must be an object.'];
  if (!checkSource(source)) {
    // `if/then` and `allOf` failures repeat the real cause: keep the specific messages.
    const errors = (checkSource.errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'allOf');
    return [...new Set(errors.map(describe))];
  }
  return manifestProblems(expandManifest(source as ManifestSource));
}

/** Validates a package.json's headwater block and spells it out; throws with every problem. */
export function loadManifest(pkg: { version?: string; headwater?: unknown }, where: string): PluginManifest {
  if (!pkg.headwater) throw new Error(`${where}: no headwater block`);
  const problems = validateManifest(pkg.headwater);
  if (problems.length) throw new Error(`${where}: invalid headwater block: ${problems.join(' ')}`);
  return expandManifest(pkg.headwater as ManifestSource, pkg.version ?? (pkg.headwater as ManifestSource).version);
}
