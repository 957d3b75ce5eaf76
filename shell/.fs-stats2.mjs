import { rspack } from '@rspack/core';
const cfg = (await import(process.cwd() + '/rspack.config.ts')).default;
const want = process.argv.slice(2);
const c = rspack(cfg);
c.run((err, stats) => {
  const j = stats.toJson({ all: false, chunks: true, chunkModules: true, nestedModules: true, ids: true, modulesSpace: 1000, nestedModulesSpace: 1000, chunkModulesSpace: 1000 });
  for (const ch of j.chunks) {
    if (!want.some(w => String(ch.files).includes(w))) continue;
    console.log('chunk', ch.id, ch.files);
    const rows = [];
    for (const m of ch.modules ?? []) { rows.push([m.size, (m.name ?? m.identifier ?? m.moduleType ?? JSON.stringify(Object.keys(m))).replace(/.*node_modules\//,'nm/').slice(0,110)]); for (const mm of m.modules ?? []) rows.push([mm.size, '   ' + (mm.name ?? '').replace(/.*node_modules\//,'nm/').slice(0,100)]); }
    rows.sort((a,b)=>b[0]-a[0]).slice(0,25).forEach(r => console.log(String(r[0]).padStart(8), r[1]));
  }
  c.close(()=>{});
});
