// The map colours (spec 2 §3 'Map colour settings', §9 defaults and the logarithmic rule).
import { describe, expect, it } from 'vitest';
import { COLOURS_KEY, DEFAULT_COLOURS, NEW_DATA_CLASS, NO_DATA, autoLogarithmic, dataClassOf, divergingColour, effectiveScale, legendTicks, loadColours, mix, position, rampColour, saveColours, valueColour } from '../src/colours.ts';

const store = (text?: string) => {
  const m = new Map<string, string>(text === undefined ? [] : [[COLOURS_KEY, text]]);
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('settings', () => {
  it('start from the spec\'s defaults', () => {
    expect(DEFAULT_COLOURS).toMatchObject({ min: '#e6ebf5', mid: '#266eff', max: '#003399', hover: '#70dbe5', stream: '#7cb5ec', scale: 'linear', useDataClasses: false, showLabels: false });
    expect(DEFAULT_COLOURS.dataClasses.map((c) => [c.from, c.to])).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
    ]);
    expect(NEW_DATA_CLASS).toEqual({ from: 0, to: 0, color: '#008cc4' });
    expect(loadColours(store())).toEqual(DEFAULT_COLOURS);
  });

  it('are kept in the browser, and a damaged entry falls back field by field', () => {
    const s = store();
    saveColours({ ...DEFAULT_COLOURS, max: '#ff0000', scale: 'logarithmic', useDataClasses: true, dataClasses: [{ from: 1, to: 2, color: '#123456' }] }, s);
    expect(loadColours(s)).toMatchObject({ max: '#ff0000', scale: 'logarithmic', useDataClasses: true, dataClasses: [{ from: 1, to: 2, color: '#123456' }] });
    expect(loadColours(store('{"min":"red","scale":"cubic","dataClasses":[{"from":"a"}]}'))).toEqual({ ...DEFAULT_COLOURS, dataClasses: [] });
    expect(loadColours(store('not json'))).toEqual(DEFAULT_COLOURS);
  });
});

describe('the scale', () => {
  it('is logarithmic automatically when max − min ≥ 10000 and min > 0', () => {
    expect(autoLogarithmic(1, 10001)).toBe(true);
    expect(autoLogarithmic(1, 10000)).toBe(false);
    expect(autoLogarithmic(0, 50000)).toBe(false);
    expect(autoLogarithmic(null, 50000)).toBe(false);
    const wide = { axisMin: 5, axisMax: 20000, allowLogAxis: true };
    expect(effectiveScale(DEFAULT_COLOURS, wide)).toBe('logarithmic');
    // the user's choice for this map wins; a logarithmic scale needs every value above 0
    expect(effectiveScale(DEFAULT_COLOURS, wide, 'linear')).toBe('linear');
    expect(effectiveScale({ ...DEFAULT_COLOURS, scale: 'logarithmic' }, { axisMin: 0, axisMax: 3, allowLogAxis: false })).toBe('linear');
    expect(effectiveScale({ ...DEFAULT_COLOURS, scale: 'logarithmic' }, { axisMin: 1, axisMax: 3, allowLogAxis: true })).toBe('logarithmic');
  });

  it('places values linearly or by their logarithm, and colours min → mid → max', () => {
    expect(position(5, 0, 10, 'linear')).toBe(0.5);
    expect(position(10, 1, 100, 'logarithmic')).toBeCloseTo(0.5, 12);
    expect(position(-3, 0, 10, 'linear')).toBe(0);
    expect(rampColour(0, DEFAULT_COLOURS)).toBe('#e6ebf5');
    expect(rampColour(0.5, DEFAULT_COLOURS)).toBe('#266eff');
    expect(rampColour(1, DEFAULT_COLOURS)).toBe('#003399');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(legendTicks(1, 100, 'logarithmic')).toEqual([1, 10, 100]);
    expect(legendTicks(0, 100, 'linear')).toEqual([0, 50, 100]);
  });
});

describe('a value\'s colour', () => {
  const map = { min: 0, max: 10 };
  it('on the ramp, in its data class, or grey without one', () => {
    expect(valueColour(10, map, DEFAULT_COLOURS, 'linear')).toBe('#003399');
    expect(valueColour(null, map, DEFAULT_COLOURS, 'linear')).toBe(NO_DATA);
    const classes = { ...DEFAULT_COLOURS, useDataClasses: true };
    expect(valueColour(50, map, classes, 'linear')).toBe('#008000');
    expect(valueColour(150, map, classes, 'linear')).toBe('#ffa500');
    expect(valueColour(250, map, classes, 'linear')).toBe('#ff0000');
    expect(valueColour(350, map, classes, 'linear')).toBe(NO_DATA);
    expect(dataClassOf(100, DEFAULT_COLOURS.dataClasses)?.color).toBe('#008000');
  });

  it('on the difference map\'s diverging scale: blue below zero, white at zero, red above', () => {
    const diff = { min: -4, max: 2, diverging: true };
    expect(valueColour(0, diff, DEFAULT_COLOURS, 'linear')).toBe('#f7f7f7');
    expect(valueColour(-4, diff, DEFAULT_COLOURS, 'linear')).toBe('#2166ac');
    expect(valueColour(4, diff, DEFAULT_COLOURS, 'linear')).toBe('#b2182b');
    expect(divergingColour(2, 4)).toBe(mix('#f7f7f7', '#b2182b', 0.5));
  });
});
