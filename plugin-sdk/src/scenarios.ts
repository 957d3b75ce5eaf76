// The wording of scenarios and their output pages (spec 2 §8), once, for the pages and the
// server alike (React-free, like accounts.ts).
import { MESSAGES } from './messages.ts';

export const SCENARIO_MESSAGES = {
  invalidScenario: 'Invalid scenario ID for this project. Please check the URL in your browser.',
  endAfterStart: 'Simulation end date must be greater than starting date.',
  copyName: 'Please provide a name for the new scenario.',
  runBlocked: 'Unable to run your scenario at this time.',
  skipYearsTooMany: 'Warm-up years must be fewer than the simulated years.',
  wholeNumber: 'Must be a whole number, 0 or more',
  /** Spec 2 §8 info: monthly or yearly output limits some statistics. */
  printSettingInfo:
    'Monthly or yearly output limits some outputs: the statistics NO3CONC, TOT_N_CONC, TOT_P_CONC, DISOX_CONC and WTMP need daily output, and so do CE-QUAL-W2 files, flood frequency analysis and baseflow separation.',
  noEditors: 'No input editors are enabled on this site.',
  noOutputs: 'No output tools are enabled on this site.',
  hrusNotSet: 'Please set the HRUs of this project before creating scenarios.',
} as const;

export const OUTPUT_MESSAGES = {
  invalidScenario: SCENARIO_MESSAGES.invalidScenario,
  /** Ours: the spec names a 'page running' notice without its wording. */
  pageRunning: 'This scenario is running. Its outputs can be read when the run ends.',
  /** Ours: an output page of a scenario that has not run. */
  notRun: 'This scenario has not been run yet. Run it to see its outputs.',
  outputProcessingSkipped:
    'Output processing was skipped for this scenario run. Please re-run your scenario without the "skip output processing" box checked to use this feature.',
  tooFewYears: 'Your simulation must be run for more than 3 years to use this feature (simulation date minus skip years). At least 10 years is recommended.',
  /** Spec 2 §8 asks to re-run with a daily print setting, without the wording. */
  needsDaily: 'This feature needs daily output. Please re-run your scenario with the daily print setting to use it.',
  completeForm: 'Please complete the form.',
  compareAtMost3: 'You may only compare to up to 3 scenarios at a time. Please modify your selection.',
  noPrintedHrus:
    'You have not printed output for any HRUs in the selected subbasin. All available HRUs are in the list below, or select another subbasin to filter.',
  requestSubmitted: 'Your request has been submitted. Please wait while we create your files.',
  /** Spec 2 §5 baseflow separation. */
  baseflowRequired: 'Filter parameter and BFI max are required.',
  baseflowRange: 'Filter parameter and BFI max must be a number between 0 and 1.',
  featureDisabled: MESSAGES.featureDisabled,
  /** Ours (output charts and maps): spec 2 §5 states these rules without their wording. */
  sameHrus: 'Compared scenarios must have printed the same HRUs. Please modify your selection.',
  notPrinted: 'This output was not printed in this scenario\'s last run.',
  statisticUnavailable: 'This statistic is not available for the print setting of this scenario.',
  flowDurationFlowOnly: 'The flow duration curve is drawn for the streamflow of a reach (OutputRch, FLOW_OUT or FLOW_IN).',
  comparisonNoOutputs: (name: string) => `The scenario '${name}' has no outputs to compare. Please run it first.`,
  comparisonRunning: (name: string) => `The scenario '${name}' is running. Compare it when its run ends.`,
  differenceOneComparison: 'A difference map compares this scenario with one other scenario. Please choose exactly one comparison scenario.',
  noObserved: 'There are no observed data at this reach.',
} as const;
