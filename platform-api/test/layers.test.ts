// The layering rule (src/modules/README.md) and the error mapping: services throw domain errors
// and never import the HTTP layer; one middleware answers every error in the spec's shapes; the
// datasets package imports nothing of the platform. No database here.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  FeatureDisabledError,
  InputError,
  NotAllowedError,
  NotFoundError,
  NotSignedInError,
  RateLimitedError,
  isDomainError,
} from '@headwater/plugin-sdk/server';
import { MESSAGES } from '../src/http/errors.ts';
import { toResponse } from '../src/http/middleware.ts';

const root = join(import.meta.dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : tsFiles(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('domain errors', () => {
  it('answer with the spec statuses and bodies', () => {
    expect(toResponse(new InputError('Pick a dataset.'))).toEqual({ status: 400, body: 'Pick a dataset.' });
    expect(toResponse(new InputError({ name: ['Required'] }))).toEqual({ status: 400, body: { errors: { name: ['Required'] } } });
    expect(toResponse(new FeatureDisabledError())).toEqual({ status: 400, body: MESSAGES.featureDisabled });
    expect(toResponse(new NotSignedInError())).toEqual({ status: 401, body: MESSAGES.unauthorized });
    expect(toResponse(new NotAllowedError())).toEqual({ status: 403, body: MESSAGES.unauthorized });
    expect(toResponse(new NotAllowedError('Your account tier does not include this dataset.'))).toEqual({ status: 403, body: 'Your account tier does not include this dataset.' });
    expect(toResponse(new NotFoundError())).toEqual({ status: 404, body: MESSAGES.notFound });
    expect(toResponse(new ConflictError())).toEqual({ status: 409, body: 'That record already exists.' });
    expect(toResponse(new RateLimitedError('Too many attempts.'))).toEqual({ status: 429, body: 'Too many attempts.' });
  });

  it('NotSignedInError is a NotAllowedError; an error of another copy of the SDK is recognised by its kind', () => {
    expect(new NotSignedInError()).toBeInstanceOf(NotAllowedError);
    const foreign = Object.assign(new Error('gone'), { kind: 'notFound' });
    expect(isDomainError(foreign)).toBe(true);
    expect(toResponse(foreign)).toEqual({ status: 404, body: 'gone' });
    expect(isDomainError(Object.assign(new Error('x'), { kind: 'teapot' }))).toBe(false);
  });
});

describe('layers', () => {
  it('no module file but routes imports the HTTP layer', () => {
    const offenders = tsFiles(join(root, 'platform-api/src/modules'))
      .filter((f) => !f.endsWith('/routes.ts') && !f.endsWith('/plugins/mount.ts')) // the mount wires plugin routes into Koa
      .filter((f) => /from '[^']*\/http\//.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('the datasets package imports nothing of platform-api (no package cycle)', () => {
    const offenders = tsFiles(join(root, 'datasets'))
      .filter((f) => /from '[^']*platform-api|import\('[^']*platform-api/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'datasets/package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('@headwater/platform-api');
  });
});
