// The scenario view's check icon: marks an input editor whose table has saved changes
// (spec 2 §2, scenario.modTables).
import { Tooltip } from '@mantine/core';
import { hasChanges } from './changes.ts';

export function CheckIcon({ size = 16, color = 'var(--mantine-color-green-7)' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke={color} strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/** A check mark when `scenario.modTables` holds `modTable`; nothing otherwise. */
export function ModTableCheck({ scenario, modTable, size }: { scenario: { modTables?: readonly string[] | null } | null | undefined; modTable: string; size?: number }) {
  if (!hasChanges(scenario, modTable)) return null;
  return (
    <Tooltip label="This input has saved changes">
      <span role="img" aria-label="Has saved changes" data-testid={`modtable-check-${modTable}`} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <CheckIcon size={size} />
      </span>
    </Tooltip>
  );
}
