import { describe, expect, it } from 'vitest';
import { matchRoute, remoteName, sdkCompatible, validateManifest } from '../src/manifest.ts';
import { parseErrorBody } from '../src/api/client.ts';
import { formatElapsed } from '../src/ui/ProgressView.tsx';
import { formatCell, formatLimit } from '../src/ui/format.ts';
import { gridQuery } from '../src/ui/DataGrid.tsx';

describe('error parsing (spec 1 §8)', () => {
  it('shows every message of an errors map', () => {
    expect(parseErrorBody({ errors: { name: ['Required'], email: ['Please enter a valid email address', 'Email addresses must match'] } })).toEqual({
      messages: ['Required', 'Please enter a valid email address', 'Email addresses must match'],
      fieldErrors: { name: ['Required'], email: ['Please enter a valid email address', 'Email addresses must match'] },
    });
  });
  it('shows a string body as is, and all items of an object of lists', () => {
    expect(parseErrorBody('Please select a group.').messages).toEqual(['Please select a group.']);
    expect(parseErrorBody({ exception: ['Bad CSV', 'No Ending_Subbasin column'] }).messages).toEqual(['Bad CSV', 'No Ending_Subbasin column']);
  });
  it('falls back to the generic message', () => {
    for (const body of [undefined, null, '', 42, [], {}, { errors: {} }]) {
      expect(parseErrorBody(body).messages).toEqual(['There was an error processing your request.']);
    }
  });
});

describe('manifests', () => {
  const ok = { id: 'curve-number', kind: 'editor', title: 'Curve number', version: '1.0.0', sdk: '^1', modTable: 'Cn2Percent', routes: [{ path: '/x' }], nav: [] };
  it('accepts a valid manifest and names its remote', () => {
    expect(validateManifest(ok)).toEqual([]);
    expect(remoteName('curve-number')).toBe('hw_curve_number');
  });
  it('lists every problem of a bad manifest', () => {
    const problems = validateManifest({ ...ok, id: 'Bad Id', kind: 'widget', sdk: '^2', modTable: undefined, routes: [{ path: 'relative' }] });
    expect(problems).toEqual(
      expect.arrayContaining([
        'id must be lower-case letters, digits and dashes.',
        'kind must be page, editor or output.',
        "sdk '^2' is not compatible with SDK 1.0.0.",
        'every route needs an absolute path.',
      ]),
    );
    expect(validateManifest({ ...ok, modTable: undefined })).toEqual(['an editor needs modTable.']);
  });
  it('checks SDK compatibility by major version', () => {
    expect(sdkCompatible('^1')).toBe(true);
    expect(sdkCompatible('1.x')).toBe(true);
    expect(sdkCompatible('^2')).toBe(false);
    expect(sdkCompatible('latest')).toBe(false);
  });
  it('matches route patterns with parameters', () => {
    expect(matchRoute('/projects/:id/scenarios/:scenarioID', '/projects/12/scenarios/3')).toEqual({ id: '12', scenarioID: '3' });
    expect(matchRoute('/help', '/help/landuse')).toBeUndefined();
    expect(matchRoute('/account/changeemail/:userId/:code/:email', '/account/changeemail/4/abc/a%40b.org')).toEqual({ userId: '4', code: 'abc', email: 'a@b.org' });
  });
});

describe('formatting', () => {
  it('formats elapsed times like the run-time guide', () => {
    expect(formatElapsed(8_000)).toBe('8s');
    expect(formatElapsed(8 * 60_000 + 5_000)).toBe('8m 5s');
    expect(formatElapsed(3_600_000 * 30 + 4 * 60_000)).toBe('1d 6h 4m');
  });
  it('shows non-integer grid numbers with 3 decimals and 0 limits as unlimited', () => {
    expect(formatCell(2.71828)).toBe('2.718');
    expect(formatCell(150000)).toBe('150,000');
    expect(formatCell(true)).toBe('Yes');
    expect(formatLimit(0)).toBe('Unlimited');
    expect(formatLimit(2000)).toBe('2,000');
  });
  it('builds the generic grid query', () => {
    expect(gridQuery('projects', { sort: 'lastModifiedDate_desc', page: 2, perPage: 10, filter: 'little river' })).toBe(
      'projects?sort=lastModifiedDate_desc&page=2&perPage=10&filter=little+river',
    );
    // An export path with its own query keeps it and adds the grid's sort and filter.
    expect(gridQuery('projects?format=csv', { sort: 'name', page: 1, perPage: 0, filter: 'x' })).toBe('projects?format=csv&sort=name&page=1&perPage=0&filter=x');
  });
});
