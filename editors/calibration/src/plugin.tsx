import { defineEditor } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CalibrationBody } from './CalibrationPage.tsx';
import { CALIBRATION_URL, describeCalibration, schema, type CalibrationChange } from './schema.ts';

// Spec 2 §2 '.../calibration': the page is its own (custom mode) inside the SDK's editor frame
// (title, login prompt, running notice, the scenario's project check); the choice is the
// Calibration table's one change.
export default defineEditor(pkg, {
  schema,
  selection: 'none',
  mode: 'custom',
  body: CalibrationBody,
  url: CALIBRATION_URL,
  describeChange: (c) => describeCalibration((c.modificationObject ?? {}) as Partial<CalibrationChange>),
});
