// The server half of Point source: platform-api checks every saved Ptsrc change against the
// schema, and at run time calls `apply` with the scenario's changes, oldest first, on the
// assembled TxtInOut before it is written (plugin-sdk/README.md 'Adding an editor', 6).
import { defineEditorServer, type ApplyContext } from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { schema, type PointsourceChange } from '../src/schema.ts';

export default defineEditorServer(pkg, {
  schema,
  // the saved-changes table's value text
  describe: (change) => `${change.value}%`,
  // The part to write: how a change becomes SWAT inputs. As scaffolded it writes nothing.
  // Change the objects of `project` in place (types: @headwater/swat/txtinout/types.ts): an HRU's
  // files through `hrusOf(change)`, subbasins' through `subbasinsOf(change)`, `project.bsn`...
  // Then update test/server.test.ts, which expects the project unchanged.
  apply({ changes, hrusOf }: ApplyContext<PointsourceChange>) {
    for (const change of changes) {
      for (const { hru } of hrusOf(change)) {
        // e.g. a percent change of CN2: if (hru.mgt) hru.mgt.CN2 *= 1 + change.modificationObject.value / 100;
      }
    }
  },
});
