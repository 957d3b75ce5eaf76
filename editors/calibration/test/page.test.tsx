// @vitest-environment jsdom
// The Calibration page as a user sees it: the notice pointing to Help without calibration data;
// with the demo option, choosing it shows its changes and Save posts the spec's body.
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calibrationAnswer } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { CALIBRATION_MESSAGES } from '../src/schema.ts';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const SCENARIO = { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } };
const OPTION = { name: 'DDS option', source: 'datasets/scripts/calibrate-lrew.ts', mods: [{ file: 'mgt', variable: 'CN2', type: '%', value: -10 }, { file: 'gw', variable: 'GWQMN', type: 'V', value: 100 }] };
const POINT = { number: 'J', name: 'gauge J', isUsgsSite: false, lat: 31.69, lng: -83.7, data: [] };

describe('calibration page', { timeout: 30_000 }, () => {
  it('points to Help when the dataset has no calibration data', async () => {
    serve({ 'scenarios/7': SCENARIO, 'scenarios/general/calibration/7': { ...calibrationAnswer({ pageText: '', calibrations: [] }, []), scenario: SCENARIO.scenario } });
    renderPages('/projects/5/scenarios/7/calibration', plugin);
    expect(await screen.findByTestId('no-calibration', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('no-calibration').textContent).toContain(CALIBRATION_MESSAGES.noData);
  });

  it('chooses the option, shows its changes and saves it', async () => {
    const calls = serve({
      'scenarios/7': SCENARIO,
      'scenarios/general/calibration/7': calibrationAnswer({ pageText: '<p>Calibrated by the product.</p>', calibrations: [{ id: 3, name: 'Gauge J', description: '', group: 'USDA-ARS', option: OPTION, locationPoints: [POINT] }] }, []),
      'POST scenarios/general/calibration/7': { value: true },
    });
    renderPages('/projects/5/scenarios/7/calibration', plugin);
    expect(await screen.findByText('Calibrated by the product.', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('calibration-points').textContent).toContain('gauge J');
    fireEvent.click(screen.getByLabelText('Use a calibration option'));
    const changes = await screen.findByTestId('calibration-changes');
    expect(changes.textContent).toContain('CN2');
    expect(changes.textContent).toContain('-10 %');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ignoreCalibration: false, customCalibrationID: 3 }]);
  });
});
