import { fixtureProject } from '@headwater/swat/test-fixtures';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { fromSwatProject } from '@headwater/swat/engine/adapter.ts';
import { simulate } from '@headwater/swat/engine/sim.ts';
import { NRV, RV, SV, NSV } from '@headwater/swat/engine/vars.ts';
const dir = fixtureProject('lrew_swat2012');
const base = await readTxtInOut(dir);
for (const [fr, volx, tile] of [[0, 0, 0], [0.3, 50, 0], [0.3, 50, 2], [0.6, 100, 0]]) {
  const sp = structuredClone(base);
  const cio = sp.cio as any; cio.IYR = 2003; cio.NBYR = 5; cio.IDAL = 365;
  for (const s of sp.subbasins) for (const h of s.hrus) Object.assign(h.hru as any, { POT_FR: fr, POT_VOLX: volx, POT_TILE: tile, POT_VOL: 0 });
  const p = fromSwatProject(sp, dir);
  const t = { surq: 0, wyld: 0, et: 0, flow: 0, sed: 0 };
  await simulate(p, (m) => ({ hruWanted: null, day(ctx, _h, sv, rv) { if (ctx.year >= 2005) { for (let s = 0; s < 3; s++) { const w = m.subArea[s] / 21.96; t.surq += sv[s * NSV + SV.SURQ] * w; t.wyld += sv[s * NSV + SV.WYLD] * w; t.et += sv[s*NSV+SV.ET]*w; } t.flow += rv[2 * NRV + RV.FLOW_OUT]; t.sed += rv[2*NRV+RV.SED_OUT]; } } }), { threads: 1 });
  console.log(fr, volx, tile, Object.entries(t).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' '));
}
