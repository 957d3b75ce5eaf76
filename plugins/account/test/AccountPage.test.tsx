// @vitest-environment jsdom
// The account page's tabs follow `?tab=` (the tier warnings of projects and scenarios link to
// /account?tab=tiers, the SDK's TierLink).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TierLink } from '@headwater/plugin-sdk';
import { renderAt, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../src/AccountPage.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const TIER = { id: 1, name: 'Tier I', description: 'Everyone starts here.', subbasinLimit: 250, hruLimit: 10000, taskLimit: 5, taskLimitInterval: 1, concurrencyLimit: 1, queuePriority: 'default', datasetUploadLimit: 0, datasets: [] };
const PROFILE = {
  profile: { userName: 'ada', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', affiliation: 'Engines', organizationCategory: 'Individual', reasonForUse: 'Study', country: 'United Kingdom', state: null, units: 0 },
  tier: TIER,
  tiers: [TIER],
  location: { countries: ['United Kingdom', 'United States'], states: [], organizationCategories: ['Individual'] },
  tierRequest: null,
};

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('account page tabs', () => {
  it('opens Tier Limitations where the tier warnings link (the SDK\'s TierLink)', async () => {
    serve({ 'account/profile': PROFILE });
    renderAt('/', '/', <TierLink />);
    const href = (await screen.findByTestId('tier-link')).getAttribute('href')!;
    expect(href).toBe('/account?tab=tiers');
    cleanup();
    renderAt(href, '/account', <AccountPage params={{}} path="/account" />);
    expect((await screen.findByTestId('current-tier')).textContent).toBe('Tier I');
    expect(selected()).toBe('Tier Limitations');
  });

  it('opens Profile by default and for an unknown tab, and keeps the chosen tab in the address', async () => {
    serve({ 'account/profile': PROFILE });
    renderAt('/account?tab=nope', '/account', <AccountPage params={{}} path="/account" />);
    await screen.findAllByRole('tab');
    expect(selected()).toBe('Profile');
    fireEvent.click(screen.getByRole('tab', { name: 'Change password' }));
    expect(screen.getByTestId('location').textContent).toBe('/account?tab=password');
    expect(selected()).toBe('Change password');
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByTestId('location').textContent).toBe('/account');
  });
});
