import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { LupBody } from './LupPage.tsx';
import { describeLup, schema } from './schema.ts';

// Spec 2 §2 'Land use update': an upload page in the SDK's editor frame (custom mode); the
// scenario's updates are one change of the Lup table, replaced by each upload.
export default defineEditor(pkg, {
  schema,
  selection: 'none',
  mode: 'custom',
  body: LupBody,
  describeChange: (c) => describeLup((c.modificationObject ?? {}) as never),
});
