import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HruSelector } from '../src/editor/HruSelector.tsx';
import { SubbasinMapPicker, projectRings } from '../src/editor/SubbasinMapPicker.tsx';
import type { HruSelection } from '../src/editor/types.ts';
import { renderWithProviders, serveApi } from './editorHarness.tsx';

afterEach(() => vi.unstubAllGlobals());

const square = (x: number, y: number) => [[[x, y], [x + 0.01, y], [x + 0.01, y + 0.01], [x, y + 0.01], [x, y]]];
const geojson = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { id: 101, name: '1' }, geometry: { type: 'Polygon', coordinates: square(-83.6, 31.6) } },
    { type: 'Feature', properties: { id: 102, name: '2' }, geometry: { type: 'Polygon', coordinates: square(-83.59, 31.6) } },
  ],
};
const subbasins = [
  { id: 101, name: '1', number: 1 },
  { id: 102, name: '2', number: 2 },
];

describe('SubbasinMapPicker', () => {
  it('projects the polygons into the SVG width, north up', () => {
    const { paths, height } = projectRings(geojson.features as never);
    expect(paths.map((p) => p.id)).toEqual([101, 102]);
    expect(paths[0]!.d.startsWith('M0.0,')).toBe(true);
    expect(height).toBeGreaterThan(0);
    // the eastern square ends at the right edge
    expect(paths[1]!.d).toContain('640.0,');
  });

  it('adds and removes subbasins by clicking them', async () => {
    serveApi({ 'GET exports/geojson/5/subbasins': geojson });
    const onChange = vi.fn();
    function Controlled() {
      const [selected, setSelected] = useState<number[]>([]);
      return <SubbasinMapPicker projectID={5} subbasins={subbasins} selected={selected} multiple onChange={(ids) => (onChange(ids), setSelected(ids))} />;
    }
    renderWithProviders(<Controlled />);
    fireEvent.click(await screen.findByLabelText('Subbasin 2'));
    expect(onChange).toHaveBeenLastCalledWith([102]);
    await waitFor(() => expect(screen.getByLabelText('Subbasin 2').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByLabelText('Subbasin 2'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('is the HRU selector\'s Map choice', async () => {
    serveApi({ 'GET hruselection/subbasins/5': subbasins, 'GET exports/geojson/5/subbasins': geojson, 'POST hruselection/landuse/5': [{ name: 'FRSD' }] });
    const onChange = vi.fn();
    renderWithProviders(<HruSelector projectID={5} mode="hru" onChange={onChange} />);
    fireEvent.click(await screen.findByText('Map'));
    fireEvent.click(await screen.findByLabelText('Subbasin 1'));
    await waitFor(() => expect((onChange.mock.calls.at(-1)![0] as HruSelection).subbasins).toEqual([101]));
  });
});
