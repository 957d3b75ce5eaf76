// The shapes of spec 1 §3 as the projects pages read them (GET projects/{id}, maps/..., ...).
// Fields the API may leave out are optional; the pages guard every one.
import type { Connection } from '@headwater/plugin-sdk';

export type ScenarioSummary = {
  id: number;
  name: string;
  hasRun?: boolean;
  isRunning?: boolean;
  lastRunDate?: string | null;
  lastModifiedDate?: string | null;
};

export type AreaGroup = { name: string; area: number };
export type HruGroups = { landuse?: AreaGroup[]; soil?: AreaGroup[]; slope?: AreaGroup[] };

export type Project = {
  id: number;
  name: string;
  numSubbasins: number;
  numHrus: number;
  numOriginalHrus?: number;
  totalArea: number;
  totalLandArea?: number;
  dataset?: string;
  datasetID?: number;
  endingSubbasin?: string;
  scenarios?: ScenarioSummary[];
  subbasinsCsv?: string | null;
  hrusOriginalCsv?: string | null;
  hrusTrimmedCsv?: string | null;
  hasScenarios?: boolean;
  isRegional?: boolean;
  method?: HruMethod | null;
  units?: string | null;
  targetThreshold?: number | null;
  landuseThreshold?: number | null;
  soilThreshold?: number | null;
  slopeThreshold?: number | null;
  exemptLanduse?: string[] | null;
  noAreaRedistribution?: string[] | null;
  trimmedLanduseArea?: number | null;
  originalGroups?: HruGroups | null;
  trimmedGroups?: HruGroups | null;
  startingSubbasins?: unknown;
  lastModifiedDate?: string;
};

export type ProjectStatus = {
  hasError?: boolean;
  isCreating?: boolean;
  isCreated?: boolean;
  isSettingHrus?: boolean;
  hasSetHrus?: boolean;
  isZipping?: boolean;
  isCopying?: boolean;
  statusMessage?: string | null;
  exceptionMessage?: string | null;
};

export type Progress = { percent: number; message?: string | null };

export type TierLimits = { subbasinLimit: number; hruLimit: number; datasets?: number[] };

/** A group a project is shared with, or may be shared with (value: the group id). */
export type GroupOption = { value: number; text: string };

/** What the caller may do with the project (owner, group member, administrator). */
export type ProjectPermissions = { role: 'owner' | 'member' | 'admin' | null; view: boolean; edit: boolean; run: boolean; share: boolean; delete: boolean };

export type ProjectResponse = {
  project: Project & { groups?: GroupOption[] };
  tier?: TierLimits;
  status?: ProjectStatus;
  progress?: Progress | null;
  /** the groups the caller may share the project with */
  groupOptions?: GroupOption[];
  permissions?: ProjectPermissions;
};

/** Live status pushed on room `project:{id}`, event `project-status`. */
export type ProjectStatusEvent = { projectID: number; progress: number; statusMessage?: string };

export type HruMethod = 'target' | 'area' | 'percent';

export type DatasetOption = {
  value: number;
  text: string;
  bounds?: unknown;
  loadByDefault?: boolean;
  endingSubbasin?: string | null;
  description?: string;
  attribution?: string;
};
export type DatasetGroup = { label: string; options: DatasetOption[] };

export type UserDatasets = { datasets: DatasetGroup[]; userDatasets?: DatasetOption[]; limits?: TierLimits };

// The map's own types live with the map, in the SDK.
export type { Connection, TileProvider } from '@headwater/plugin-sdk';

/** A watershed as maps/coords, maps/subbasin/name and maps/subbasin/id return it. */
export type MapResult = {
  id?: number | string | null;
  subbasinsGeoJson: unknown;
  streamsGeoJson?: unknown;
  downstreamSubbasin?: string | null;
  downstreamID?: number | null;
  bounds?: unknown;
  numSubbasins: number;
  numHrus: number;
  totalArea?: number;
  totalLandArea?: number;
  startIDs?: number[];
  connections?: Connection[];
};

export type SubbasinMatch = { id: number; name: string };

export type ProjectMap = {
  watershedBounds?: unknown;
  connections?: Connection[];
  geoJsonUrls?: { subbasins?: string; streams?: string };
  extraLayers?: unknown;
};

export type ProjectDocument = { fileName: string; fileUrl: string; modified?: string };


/** A row of GET errorreports/project/{projectID} (grid, 50 a page, dateSubmitted desc). */
export type ErrorReportRow = { id: number; title: string; scenario: string; scenarioId: number | null; status: string; dateSubmitted: string };

