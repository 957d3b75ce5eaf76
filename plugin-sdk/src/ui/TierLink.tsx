import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../routing.ts';

/** The account page's Tier Limitations tab, where a user asks for a higher tier (spec 1 §8, spec 2 §6). */
export const ACCOUNT_TIER_PATH = '/account?tab=tiers';

/** A link to the account's tier tab, for every tier warning. */
export function TierLink({ children = 'Change your account tier' }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to={ACCOUNT_TIER_PATH} data-testid="tier-link">
      {children}
    </Anchor>
  );
}
