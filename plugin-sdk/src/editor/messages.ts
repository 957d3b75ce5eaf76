// Editor wording, verbatim from spec 2 where the spec gives it (§5, §8); where it is silent
// the text is ours and marked so. React-free: the server halves and platform-api say the same.
import { SCENARIO_MESSAGES } from '../scenarios.ts';

export const EDITOR_MESSAGES = {
  required: 'Required',
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  /** Ours: the spec gives only the two-sided range message. */
  atLeast: (min: number) => `Must be at least ${min}`,
  /** Ours. */
  atMost: (max: number) => `Must be at most ${max}`,
  /** Ours: a number field holding something that is not a number yet ('-', '1e'). */
  notANumber: 'Must be a number',
  /** Ours: a value of another JSON type than the schema's (text, a list, ...). */
  wrongType: (type: string) => `Must be ${({ string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', null: 'empty' } as Record<string, string>)[type] ?? type}`,
  /** Ours: a key the schema does not know (`additionalProperties: false`). */
  unknownField: 'Unknown variable',
  /** Ours: a saved change must change something. */
  noChange: 'Please change at least one value.',
  /** Ours: a one-setting editor's POST body is not an object of values. */
  settingsObject: 'Send the variables as an object of numbers.',
  /** Ours: a change for a modification table no enabled editor registers. */
  unknownTable: (modTable: string) => `No enabled editor saves changes to the table '${modTable}'.`,
  /** Curve number (spec 2 §5), verbatim including its '10'. */
  zeroNoChange: 'A value of zero will result in no change. Please enter a number greater or less than 10.',
  selectSubbasin: 'Select at least one subbasin',
  selectHru: 'Select at least one subbasin, land use, soil, and slope.',
  /** Ours: months are required by the weather generator and climate sensitivity (spec 2 §5). */
  selectMonth: 'Select at least one month',
  /** Spec 2 §5 (general management): getting data without a valid HRU. */
  selectOneHru: 'Please select an HRU and try again.',
  /** Ours: the spec names a 'page running' notice without its wording. */
  pageRunning: 'This scenario is running. Its inputs cannot be changed until the run ends.',
  invalidScenario: SCENARIO_MESSAGES.invalidScenario,
  /** Ours: the spec asks for a confirmation without its wording. */
  confirmRemoveAll: 'Remove all saved changes of this editor? Its inputs revert to their defaults.',
  confirmRemoveOne: 'Remove this change? The HRUs it covers revert to their defaults.',
  /** Ours: empty saved-changes list. */
  noChanges: 'No changes saved yet.',
  /** Ours: Remove Changes on one record's page (a fertilizer, an urban type). */
  confirmRemoveRecord: "Remove the changes of this record? Its values revert to the dataset's.",
  /** Spec 2 §5 'HRU variables to print', verbatim. */
  hruVarsAtMost: 'Please select only 20 variables at most.',
  hruVarsAtLeast: 'Please select at least one variable.',
  /** Spec 2 §5 'HRUs to print', verbatim. */
  hruPrintAtMost: 'Please select only 20 HRUs at most.',
  /** Ours: the spec gives the upper bound's wording only. */
  hruPrintAtLeast: 'Please select at least one HRU.',
  /** Ours: the checklist counter ('3 of 20 selected'). */
  selectedOf: (n: number, max: number) => `${n} of ${max} selected`,
  /** Ours (spec 2 §5: 'Getting matches needs all-HRUs or at least one subbasin'). */
  matchingNeedsSubbasin: 'Select at least one subbasin, or all HRUs, to get matching HRUs.',
} as const;

/** Spec 2 §9: months numbered 1 to 12, January to December. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
