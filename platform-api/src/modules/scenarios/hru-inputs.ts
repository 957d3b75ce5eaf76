// The SWAT inputs of some HRUs of a scenario's project as a run writes them before the editors
// apply their changes (run/build.ts): the HRU's own .mgt from the dataset, else its land use's,
// with the project's CN2; the soil's hydrologic group. For the editors that show one HRU's inputs
// (general management, operations: spec 2 §7 'mgt/general', 'mgt/operations').
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { scenarioFor } from './service.ts';

export type HruInputsRow = { id: number; mgt?: unknown; hru?: unknown; hydGrp?: string };

export async function scenarioHruInputs(deps: AppDeps, user: User, scenarioId: number, hruIds: number[]): Promise<HruInputsRow[]> {
  const { scenario, project } = await scenarioFor(user, scenarioId);
  const ids = [...new Set(hruIds.filter((n) => Number.isInteger(n)))];
  if (!ids.length) return [];
  const rows = (await deps.db.raw(
    `select ph.id, ph.cn2, coalesce(h.swat->'mgt', c.swat->'mgt') as mgt,
            coalesce(d.swat->'defaults'->'hru', '{}'::jsonb) || coalesce(h.swat->'hru', '{}'::jsonb) as hru,
            coalesce(nullif(s.hyd_group, ''), s.swat->'sol'->>'HYDGRP') as hydgrp
       from project_hrus ph
       left join hrus h on h.id = ph.hru_id
       left join datasets d on d.id = ?
       left join land_use_codes c on c.dataset_id = ? and c.code = ph.landuse
       left join soils s on s.dataset_id = ? and s.name = ph.soil
      where ph.project_id = ? and not ph.removed and ph.id in (${ids.map(() => '?').join(',')})`,
    [project.datasetId ?? -1, project.datasetId ?? -1, project.datasetId ?? -1, scenario.projectId, ...ids],
  )).rows as { id: number | string; cn2: number | null; mgt: Record<string, unknown> | null; hru: Record<string, unknown> | null; hydgrp: string | null }[];
  return rows.map((r) => {
    const mgt = r.mgt ? { ...r.mgt, ...(r.cn2 !== null && r.cn2 !== undefined ? { CN2: Number(r.cn2) } : {}) } : undefined;
    if (mgt) delete (mgt as { layout?: unknown }).layout;
    const hru = r.hru ? { ...r.hru } : undefined;
    if (hru) delete (hru as { layout?: unknown }).layout;
    return { id: Number(r.id), ...(mgt ? { mgt } : {}), ...(hru ? { hru } : {}), ...(r.hydgrp ? { hydGrp: String(r.hydgrp).trim() } : {}) };
  });
}
