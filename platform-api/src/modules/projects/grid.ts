// The projects table (spec 1 'Projects dashboard'): its columns, sort and page size. The
// group-projects table (groups/service.ts) is built from it.
import type { GridSpec } from '../../db/grid.ts';

export const PROJECT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'lastModifiedDate', header: 'Last Modified', filter: false },
    { field: 'dataset', header: 'Dataset' },
    { field: 'endingSubbasin', header: 'Downstream ID' },
    { field: 'numSubbasins', header: 'Subbasins' },
    { field: 'numHrus', header: 'HRUs' },
    { field: 'totalArea', header: 'Total Area (sq km)', filter: false },
    { field: 'numScenarios', header: 'Scenarios', filter: false },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 10,
};
