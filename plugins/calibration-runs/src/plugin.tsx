import { definePlugin } from '@headwater/plugin-sdk';
import pkg from '../package.json' with { type: 'json' };
import { CalibrationRunResultPage } from './CalibrationRunResultPage.tsx';
import { CalibrationRunsPage } from './CalibrationRunsPage.tsx';

export default definePlugin(pkg, { main: CalibrationRunsPage, pages: { CalibrationRunResult: CalibrationRunResultPage } });
