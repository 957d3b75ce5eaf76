// Land use update files (spec 2 §2 'Land use update: upload area (zip only), link to existing user
// data and an HRU CSV, an option to use ICLUS data when available'; §5 'Only .zip; up to 25 dated
// CSV files named yyyy-mm-dd.csv; fractions must add to 1 per subbasin; a new upload replaces all
// existing data'; §9 'up to 25 files'). Each file is a table of HRUs and their new fraction of the
// subbasin (HRU_FR) from its date on — the HRU CSV offered for download, edited. Pure: the page and
// the server half use it.

/** Spec 2 §9: up to 25 files. */
export const MAX_FILES = 25;
/** Ours: the zip as sent. */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024;
/** Ours: how far from 1 a subbasin's fractions may add up to (rounding of the CSV's decimals). */
export const FRACTION_TOLERANCE = 0.001;

/** The columns of a land use update file: the HRU (subbasin name, land use, soil, slope class),
 * its new fraction of the subbasin; HRU_ID and AREA_KM2 of the HRU CSV may stay (they are not read). */
export const COLUMNS = ['HRU_ID', 'SUBBASIN', 'LANDUSE', 'SOIL', 'SLOPE', 'AREA_KM2', 'HRU_FR'] as const;

const DATE_NAME = /^(\d{4})-(\d{2})-(\d{2})\.csv$/i;

/** The date (yyyy-mm-dd) of a file name yyyy-mm-dd.csv, or undefined when it is not one. */
export function dateOfName(name: string): string | undefined {
  const m = DATE_NAME.exec(name);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
