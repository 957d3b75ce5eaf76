// The admin dataset shapes (spec 3 §3 Admin dataset; GET admin/datasets and admin/datasets/{id}).
export type AdminDatasetRow = {
  id: number;
  name: string;
  isActive: boolean;
  version: string;
  accessibility: 'User' | 'Group' | 'Public';
  isUserSubmitted: boolean;
  userName: string;
  optionGroup: string;
  optionOrder: number;
  numSubbasins: number;
  numHrus: number;
  numProjects: number;
  publicRequest: string;
  createdOn: string;
};

/** The settings an administrator edits (PUT admin/datasets/{id}). */
export type DatasetSettings = {
  isActive: boolean;
  name: string;
  description: string;
  attribution: string;
  version: string;
  loadByDefault: boolean;
  minLat: number | '';
  maxLat: number | '';
  minLon: number | '';
  maxLon: number | '';
  minCn2: number | '' | null;
  maxCn2: number | '' | null;
  isUserSubmitted: boolean;
  optionOrder: number | '';
  optionGroup: string;
  restrictSelection: boolean;
  restrictionMessage: string;
  defaultSWATVersionID: number | null;
  allowOnlyDefaultSWATVersion: boolean;
  allowGisApiAccess: boolean;
  allowApiAccess: boolean;
  includeModflow: boolean;
  outline: string;
  iclusHruThreshold: number | '' | null;
  useSharedWeatherDirectoryForIclus: boolean;
  defaultHruThreshold: number | '' | null;
  allowSqliteEditorTables: boolean;
  configPath: string;
  weatherPath: string;
  calibrationPageText: string;
  hideFromHelpTable: boolean;
  useNonAgLanduseSetting: boolean;
};

export type PublicRequest = { status: 'Submitted' | 'Approved' | 'Denied'; userMessage?: string; adminMessage?: string; reviewedBy?: string; reviewedOn?: string; requestedOn?: string; requestedBy?: string };

export type AdminDataset = DatasetSettings & {
  id: number;
  createdOn: string;
  userName: string;
  userID: number | null;
  accessibility: 'User' | 'Group' | 'Public';
  isPublic: boolean;
  groupIDs: number[];
  tierIDs: number[];
  counts: { subbasins: number; hrus: number; projects: number };
  importID: number | null;
  importStatus: { isRunning: boolean; hasError: boolean; exceptionMessage: string; progress: { percent: number; message: string } } | null;
  publicRequest: PublicRequest | null;
};

export type Option = { value: number; text: string };
export type AdminDatasetDetail = {
  dataset: AdminDataset;
  groups: Option[];
  tiers: Option[];
  swatVersions: (Option & { disabled: boolean })[];
  calibrations: { id: number; name: string; group: string; endingSubbasin: string; hasOption: boolean; numSites: number }[];
  weather: { options: (Option & { isActive: boolean; startDate: string; endDate: string })[]; datasets: { id: number; isDefault: boolean }[] };
};

export const SETTING_KEYS: (keyof DatasetSettings)[] = [
  'isActive', 'name', 'description', 'attribution', 'version', 'loadByDefault', 'minLat', 'maxLat', 'minLon', 'maxLon', 'minCn2', 'maxCn2', 'isUserSubmitted',
  'optionOrder', 'optionGroup', 'restrictSelection', 'restrictionMessage', 'defaultSWATVersionID', 'allowOnlyDefaultSWATVersion', 'allowGisApiAccess', 'allowApiAccess',
  'includeModflow', 'outline', 'iclusHruThreshold', 'useSharedWeatherDirectoryForIclus', 'defaultHruThreshold', 'allowSqliteEditorTables', 'configPath', 'weatherPath',
  'calibrationPageText', 'hideFromHelpTable', 'useNonAgLanduseSetting',
];
