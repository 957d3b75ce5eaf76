// Uploaded project datasets (spec 3 §2.2, §3, §5, §9): the wording and limits both halves use —
// platform-api's datasets module (imports.ts) and the datasets plugin. React-free.

/** Spec 3 §9: name / description / attribution lengths; the zip's size and time-out. */
export const DATASET_LIMITS = { name: 50, description: 200, attribution: 100, uploadBytes: 1000 * 1024 * 1024, uploadTimeoutMs: 3_600_000, listPerPage: 20, uploadNoticeBelow: 100 } as const;

export const DATASET_MESSAGES = {
  fixErrors: 'Please fix the errors below and try again.',
  required: 'Required',
  nameLength: 'Must be 50 characters or fewer',
  descriptionLength: 'Must be 200 characters or fewer',
  attributionLength: 'Must be 100 characters or fewer',
  // spec 3 §2.2 gives the start of this notice only ('...'); the rest is ours
  noAccess: 'Your tier does not have access to project uploads. Please request a higher tier from your account page.',
  reachedLimit: 'You have reached the upload limit of your tier. Please delete one of your datasets to upload another.',
  uploadLimit: (n: number) => `You can upload ${n} more project${n === 1 ? '' : 's'} with your tier.`,
  outlet: 'Please enter the name of the outlet (ending) subbasin: the upload does not show one.',
  unknownUpload: 'The upload was not found. Please upload the zip file again.',
  inUse: (n: number) => `This dataset is used by ${n} project${n === 1 ? '' : 's'} and cannot be deleted. Delete those projects first.`,
  shared: 'This dataset is shared. Set its sharing back to User only before deleting it.',
  running: 'The dataset is still being imported. Please wait for the import to finish.',
  publicOnlyAdmin: 'Only administrators can change the sharing of a public dataset.',
  productBased: 'Only site administrators can mark a dataset as product-based.',
  selectDataset: 'Please select a dataset.',
} as const;

/** The problems of the dataset fields (spec 3 §5): name required ≤ 50, description ≤ 200
 * (required on create), attribution ≤ 100. */
export function datasetFieldErrors(form: { name?: unknown; description?: unknown; attribution?: unknown }, create: boolean): Record<string, string[]> {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const errors: Record<string, string[]> = {};
  const name = str(form.name);
  const description = str(form.description);
  const attribution = str(form.attribution);
  if (!name) errors.name = [DATASET_MESSAGES.required];
  else if (name.length > DATASET_LIMITS.name) errors.name = [DATASET_MESSAGES.nameLength];
  if (create && !description) errors.description = [DATASET_MESSAGES.required];
  else if (description.length > DATASET_LIMITS.description) errors.description = [DATASET_MESSAGES.descriptionLength];
  if (attribution.length > DATASET_LIMITS.attribution) errors.attribution = [DATASET_MESSAGES.attributionLength];
  return errors;
}

export type DatasetAccessibility = 'User' | 'Group' | 'Public';

/** GET importdatasets/options */
export type ImportOptions = {
  hasAccess: boolean;
  reachedLimit: boolean;
  /** uploads left (null: administrators, no limit) */
  uploadLimit: number | null;
  tierUploadLimit: number | null;
  datasets: { label: string; options: { value: number; text: string }[] }[];
  userDatasets: { value: number; text: string }[];
  canDoHawqsBased: boolean;
};

/** POST /api/importdatasets/upload */
export type UploadResult = {
  hasEndingSubKey: boolean;
  endingSubbasinName: string | null;
  hasSwatMdb: boolean;
  isSqlite: boolean;
  uploadDirectory: string;
  projectMdbName: string | null;
  uploadedFileName: string;
  kind: 'arcswat' | 'txtinout' | 'hawqs';
  outlets: string[];
};

/** A row of GET importdatasets */
export type ImportRow = {
  id: number;
  name: string;
  description: string;
  importedDate: string;
  status: 'running' | 'error' | 'ready';
  accessibility: DatasetAccessibility;
  isActive: boolean;
  numSubbasins: number;
  numHrus: number;
  numProjects: number;
  newDatasetID: number | null;
};

/** GET importdatasets/{id} */
export type ImportDetail = {
  id: number;
  name: string;
  description: string;
  attribution: string;
  importedDate: string;
  isActive: boolean;
  state: 'uploaded' | 'running' | 'error' | 'ready';
  status: { isRunning: boolean; hasError: boolean; exceptionMessage: string | null; progress: { percent: number; message: string } };
  defaultSWATVersionID: number | null;
  allowOnlyDefaultSWATVersion: boolean;
  accessibility: DatasetAccessibility;
  groups: { value: number; text: string }[];
  newDatasetID: number | null;
  hasProjects: boolean;
  numProjects: number;
  isPublic: boolean;
  publicRequest: { status: 'Submitted' | 'Denied'; requestedOn: string; adminMessage: string } | null;
  kind: string;
  /** marked product-based by a site administrator at upload */
  isHawqsBased: boolean;
  uploadedFileName: string;
  hasSwatMdb: boolean;
  isSqlite: boolean;
  endingSubbasinName: string | null;
  summary: { subbasins: number; hrus: number; areaKm2: number; weatherStations: number; weatherDays: number; schematic: boolean; projection: string | null; reservoirs: number; pointSources: number } | null;
  numSubbasins: number;
  numHrus: number;
  swatVersions: { value: number; text: string }[];
};

/** The live event of an import's room `dataset-import:{id}`. */
export const DATASET_IMPORT_EVENT = 'dataset-import-status';
export type DatasetImportEvent = { importID: number; progress: number; statusMessage: string; hasError?: boolean; exceptionMessage?: string };
