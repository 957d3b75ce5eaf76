// The calibration changes live in @headwater/swat (shared with the platform's calibration runs,
// which must simulate exactly what this editor writes); re-exported for the editor's code.
export * from '@headwater/swat/calibration/mods.ts';
