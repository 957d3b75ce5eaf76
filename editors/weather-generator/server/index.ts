// The server half of the weather generator editor: platform-api validates saved changes
// against the form's schema (as a partial object: only edited fields are sent) and, at run
// time, calls `apply` with every Wgn change of the scenario, oldest first.
import { defineEditorServer, type ApplyContext } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { describeChange, schema, type WgnChange } from '../src/schema.ts';
import { applyWgnChange } from './apply.ts';

export default defineEditorServer(pkg, {
  schema,
  describe: (change) => describeChange(change as Record<string, unknown>),
  apply({ changes, subbasinsOf }: ApplyContext<WgnChange>) {
    for (const change of changes) {
      for (const subbasin of subbasinsOf(change)) {
        // the engine refuses a subbasin without one too; say which change could not apply
        if (!subbasin.wgn) throw new Error(`Subbasin ${subbasin.number} has no weather generator (.wgn) statistics to change.`);
        applyWgnChange(subbasin.wgn, change.modificationObject, change.months);
      }
    }
  },
});
