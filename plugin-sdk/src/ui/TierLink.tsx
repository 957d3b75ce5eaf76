import type { ReactNode } from 'react';
import { ROUTES } from '../routes.ts';
import { RouteLink } from './RouteLink.tsx';

/** The account page's Tier Limitations tab (`?tab=tiers`), where a user asks for a higher tier
 * (spec 1 §8, spec 2 §6): the link of every tier warning. */
export const ACCOUNT_TIER_TAB = 'tiers';

export function TierLink({ children = 'Change your account tier' }: { children?: ReactNode }) {
  return (
    <RouteLink to={ROUTES.AccountProfile} query={{ tab: ACCOUNT_TIER_TAB }} data-testid="tier-link">
      {children}
    </RouteLink>
  );
}
