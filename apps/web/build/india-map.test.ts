// @vitest-environment node
// The offer map's asset: built from the installed @svg-maps/india, it must parse, name its regions as the app names
// its states, and anchor every state the app knows inside the map.
import { describe, expect, it } from 'vitest';
import { appStates, buildIndiaMap, indiaMapJson, pathBox, ringCentroid, type IndiaMapAsset } from './india-map.ts';

describe('pathBox', () => {
  it('follows absolute and relative moves and lines, closes subpaths and reads exponents', () => {
    expect(pathBox('M 10,10 L 20,5 30,30 z')).toEqual({ x0: 10, y0: 5, x1: 30, y1: 30 });
    expect(pathBox('m 10,10 5,5 -10,0 z m 100,0 1e1,2e0')).toEqual({ x0: 5, y0: 10, x1: 120, y1: 15 });
    expect(pathBox('M0 0H10V-4h-2v20C 1 2 3 4 5 6')).toEqual({ x0: 0, y0: -4, x1: 10, y1: 16 });
  });

  it('refuses path data it cannot read', () => {
    expect(() => pathBox('M 1')).toThrow(/bad path data/);
    expect(() => pathBox('')).toThrow(/empty path/);
  });
});

describe('assets/india-map.json', () => {
  it('parses, carries the attribution and gives every state of the app a code and an anchor inside the map', async () => {
    const { json, version } = await indiaMapJson();
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const asset = JSON.parse(json) as IndiaMapAsset;
    expect(asset.attribution).toBe('Map: @svg-maps/india, CC BY 4.0');
    expect(asset.licence).toBe('CC-BY-4.0');
    const [x, y, w, h] = asset.viewBox;
    const states = appStates();
    expect(states).toHaveLength(36);
    expect(Object.keys(asset.states).sort()).toEqual(states);
    for (const name of states) {
      const { code, anchor } = asset.states[name]!;
      expect(code, name).toMatch(/^\d{2}$/);
      expect(anchor[0], name).toBeGreaterThan(x);
      expect(anchor[0], name).toBeLessThan(x + w);
      expect(anchor[1], name).toBeGreaterThan(y);
      expect(anchor[1], name).toBeLessThan(y + h);
    }
    expect(asset.states['Maharashtra']!.code).toBe('27');
    // No two states share a point, Ladakh and Jammu and Kashmir (one outline in the package) included.
    expect(new Set(states.map((s) => asset.states[s]!.anchor.join(','))).size).toBe(states.length);
  });

  it('names each region as the app does, the merged territory on both of its outlines', async () => {
    const asset = JSON.parse((await indiaMapJson()).json) as IndiaMapAsset;
    const names = [...asset.svg.matchAll(/<path name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(36);
    expect(names.filter((n) => n === 'Dadra and Nagar Haveli and Daman and Diu')).toHaveLength(2);
    const known = new Set(appStates());
    expect(names.filter((n) => !known.has(n!))).toEqual([]);
    expect(asset.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 612 696">')).toBe(true);
  });

  it('anchors a state at the centroid of its largest piece, else at the centre of its box', () => {
    const asset = buildIndiaMap({
      label: 'test',
      viewBox: '0 0 100 100',
      locations: appStates()
        .filter((s) => s !== 'Ladakh' && s !== 'Dadra and Nagar Haveli and Daman and Diu')
        .map((name, i) => ({ id: String(i), name, path: `M ${i},${i} l 2,4` }))
        .concat([
          { id: 'dn', name: 'Dadra and Nagar Haveli', path: 'M 50,50 l 2,2' },
          { id: 'dd', name: 'Daman and Diu', path: 'M 40,60 l 2,2' },
        ]),
    });
    expect(asset.states['Andaman and Nicobar Islands']!.anchor).toEqual([1, 2]);
    expect(asset.states['Dadra and Nagar Haveli and Daman and Diu']!.anchor).toEqual([46, 56]);
    const islands = buildIndiaMap({
      label: 'test',
      viewBox: '0 0 100 100',
      locations: appStates().map((name, i) => ({
        id: String(i),
        name,
        // A small island far off and a 10 × 10 main island: the marker sits on the main one.
        path: name === 'Goa' ? 'M 90,90 l 1,0 0,1 z M 10,20 l 10,0 0,10 -10,0 z' : `M ${i},${i} l 2,4`,
      })),
    });
    expect(islands.states['Goa']!.anchor).toEqual([15, 25]);
  });

  it('finds a ring’s area and centroid', () => {
    expect(
      ringCentroid([
        [0, 0],
        [4, 0],
        [4, 2],
        [0, 2],
      ]),
    ).toEqual({ area: 8, centroid: [2, 1] });
    expect(
      ringCentroid([
        [0, 0],
        [0, 2],
        [4, 2],
        [4, 0],
      ]),
    ).toEqual({ area: 8, centroid: [2, 1] });
    expect(
      ringCentroid([
        [0, 0],
        [1, 1],
      ]),
    ).toEqual({ area: 0, centroid: null });
  });

  it('refuses a map without an outline for one of the app’s states', () => {
    expect(() => buildIndiaMap({ label: 'test', viewBox: '0 0 1 1', locations: [] })).toThrow(/no outline for/);
  });
});
