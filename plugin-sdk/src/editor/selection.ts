// The HRU selection rules of spec 2 §5 'HRU selection validity for saving', pure so the
// server and tests use the same code.
import { EDITOR_MESSAGES } from './messages.ts';
import type { EditorSelectionMode, HruSelection, SaveChangeBody } from './types.ts';

export function emptySelection(): HruSelection {
  return { applyToAll: false, subbasins: [], landuses: [], soils: [], slopes: [], months: [] };
}

/** Why a selection cannot be saved yet (the Save button's tooltip), or null when it can.
 * - `none`: always valid;
 * - `hru`: apply to all, or subbasin, land use, soil and slope all non-empty;
 * - `subbasin`: apply to all, or at least one subbasin;
 * - `subbasin-months`: (apply to all or at least one subbasin) plus at least one month;
 * - `single-hru`: exactly one subbasin, land use, soil and slope. */
export function selectionProblem(mode: EditorSelectionMode, s: HruSelection): string | null {
  switch (mode) {
    case 'none':
      return null;
    case 'subbasin':
      return s.applyToAll || s.subbasins.length > 0 ? null : EDITOR_MESSAGES.selectSubbasin;
    case 'subbasin-months':
      if (!s.applyToAll && s.subbasins.length === 0) return EDITOR_MESSAGES.selectSubbasin;
      return s.months.length > 0 ? null : EDITOR_MESSAGES.selectMonth;
    case 'hru':
      return s.applyToAll || (s.subbasins.length > 0 && s.landuses.length > 0 && s.soils.length > 0 && s.slopes.length > 0)
        ? null
        : EDITOR_MESSAGES.selectHru;
    case 'single-hru':
      return s.subbasins.length === 1 && s.landuses.length === 1 && s.soils.length === 1 && s.slopes.length === 1 ? null : EDITOR_MESSAGES.selectOneHru;
  }
}

export function isSelectionValid(mode: EditorSelectionMode, selection: HruSelection): boolean {
  return selectionProblem(mode, selection) === null;
}

/** The generic save body for a selection: apply to all sends empty lists (empty means all);
 * a subbasin-only selection sends no land uses, soils or slopes; months only for `subbasin-months`. */
export function saveBody(mode: EditorSelectionMode, s: HruSelection, modificationObject: Record<string, unknown>): SaveChangeBody {
  const all = mode === 'none' || (s.applyToAll && mode !== 'single-hru');
  const subbasinOnly = mode === 'subbasin' || mode === 'subbasin-months';
  const body: SaveChangeBody = {
    applyToAll: all,
    subbasins: all ? [] : [...s.subbasins],
    landuses: all || subbasinOnly ? [] : [...s.landuses],
    soils: all || subbasinOnly ? [] : [...s.soils],
    slopes: all || subbasinOnly ? [] : [...s.slopes],
    modificationObject,
  };
  if (mode === 'subbasin-months') body.months = [...s.months].sort((a, b) => a - b);
  return body;
}
