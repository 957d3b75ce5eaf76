import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { PointSourceBody } from './PointSourcePage.tsx';
import { describePointSources, schema } from './schema.ts';

// Spec 2 §2 'Point source': an upload page in the SDK's editor frame (custom mode); the scenario's
// point sources are one change of the Ptsrc table, replaced by each upload.
export default defineEditor(pkg, {
  schema,
  selection: 'none',
  mode: 'custom',
  body: PointSourceBody,
  describeChange: (c) => describePointSources((c.modificationObject ?? {}) as never),
});
