import { rspack } from '@rspack/core';
const cfg = (await import(process.cwd() + '/rspack.config.ts')).default;
cfg.optimization = { ...cfg.optimization, concatenateModules: false };
const want = process.argv.slice(2);
const c = rspack(cfg);
c.run((err, stats) => {
  const j = stats.toJson({ all: false, modules: true, chunks: true, ids: true, modulesSpace: 100000 });
  const files = new Map(j.chunks.map(ch => [ch.id, String(ch.files)]));
  const rows = {};
  for (const m of j.modules) for (const cid of m.chunks ?? []) { const f = files.get(cid); if (!want.some(w => f.includes(w))) continue; (rows[f] ??= []).push([m.size, (m.name ?? '').replace(/.*node_modules\//,'nm/')]); }
  for (const [f, r] of Object.entries(rows)) { console.log(f, r.reduce((a,b)=>a+b[0],0)); r.sort((a,b)=>b[0]-a[0]).slice(0, 40).forEach(x => console.log(String(x[0]).padStart(8), x[1].slice(0,120))); }
  c.close(()=>{});
});
