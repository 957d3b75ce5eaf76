// The rules and helpers plugins share through the SDK: the name rule, the date-time format,
// file links, plugin routes, page load errors and `?tab=` tabs.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, fileHref, formatDateTime, loadError, useTabParam, validateName } from '../src/index.ts';
import { renderAt } from '../src/testing.tsx';
import { useNavigate } from 'react-router';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('validateName (spec 1 §5, spec 2 §5)', () => {
  it('requires a name of fewer than 100 characters with a letter or digit', () => {
    expect(validateName('  ')).toBe('Required');
    expect(validateName('x'.repeat(100))).toBe('Must be fewer than 100 characters');
    expect(validateName('x'.repeat(99))).toBeNull();
    expect(validateName('-- !')).toBe('Must contain at least one letter or number');
    expect(validateName('Río 2')).toBeNull();
    expect(validateName('', 'Please provide a name for the project.')).toBe('Please provide a name for the project.');
  });
});

describe('formatDateTime', () => {
  it('writes a date and time; other text as is; nothing for nothing', () => {
    expect(formatDateTime('2026-11-20T10:00:00')).toBe('Nov 20, 2026, 10:00 AM');
    expect(formatDateTime(new Date(2026, 0, 2, 15, 4))).toBe('Jan 2, 2026, 3:04 PM');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('fileHref', () => {
  it('adds the token to API paths only', () => {
    localStorage.setItem('hw.auth_token', 'tok');
    expect(fileHref('/api/exports/scenario-debug/4')).toBe('/api/exports/scenario-debug/4?access_token=tok');
    expect(fileHref('projects/csv/7/subbasins')).toBe('/api/projects/csv/7/subbasins?access_token=tok');
    expect(fileHref('/files/a.zip')).toBe('/files/a.zip');
    expect(fileHref('https://example.org/a.zip')).toBe('https://example.org/a.zip');
    expect(fileHref('/api/x?access_token=old')).toBe('/api/x?access_token=old');
    expect(fileHref(null)).toBeUndefined();
  });
});

describe('loadError', () => {
  it('says the spec’s texts for 404 and 403', () => {
    expect(loadError(new ApiError(404, 'x'))).toBe(MESSAGES.notFound);
    expect(loadError(new ApiError(403, 'x'))).toBe(MESSAGES.unauthorized);
    const other = new ApiError(500, 'boom');
    expect(loadError(other)).toBe(other);
  });
});

describe('useTabParam', () => {
  let go: (to: string) => void = () => {};
  function Tabs() {
    const [tab, setTab] = useTabParam(['profile', 'tiers', 'secret'] as const, 'profile', (t) => t !== 'secret');
    go = useNavigate();
    return (
      <>
        <span data-testid="tab">{tab}</span>
        <button onClick={() => setTab('tiers')}>tiers</button>
        <button onClick={() => setTab('profile')}>profile</button>
      </>
    );
  }
  it('opens the tab the address names, if it is one, and keeps the address in step', () => {
    renderAt('/account?tab=tiers&x=1', '/account', <Tabs />);
    expect(screen.getByTestId('tab').textContent).toBe('tiers');
    act(() => screen.getByText('profile').click());
    expect(screen.getByTestId('location').textContent).toBe('/account?x=1');
    expect(screen.getByTestId('tab').textContent).toBe('profile');
    act(() => screen.getByText('tiers').click());
    expect(screen.getByTestId('location').textContent).toBe('/account?x=1&tab=tiers');
    act(() => go('/account?tab=secret'));
    expect(screen.getByTestId('tab').textContent).toBe('profile');
    act(() => go('/account?tab=nope'));
    expect(screen.getByTestId('tab').textContent).toBe('profile');
  });
});
