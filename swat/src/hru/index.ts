// HRU setting: reduce a watershed's HRUs (target count, area threshold, or SWAT-style
// land-use/soil/slope percent thresholds) while conserving every subbasin's area.
export * from './set-hrus.ts';
export * from './synthetic.ts';
