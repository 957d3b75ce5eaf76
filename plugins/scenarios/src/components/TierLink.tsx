import { Anchor } from '@mantine/core';
import { Link } from '@headwater/plugin-sdk';

/** The account page's tier tab, where a user asks for a higher tier (spec 2 §6). */
export const ACCOUNT_TIER_PATH = '/account?tab=tiers';

export function TierLink() {
  return (
    <Anchor component={Link} to={ACCOUNT_TIER_PATH} data-testid="tier-link">
      Change your account tier
    </Anchor>
  );
}
