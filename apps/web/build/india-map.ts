// The offer map's outline, `assets/india-map.json` (spec 001 §2 "Offer map"; issue 23 part 4), built from the
// `@svg-maps/india` package (CC BY 4.0, MapSVG via Victor Cazanave) at build time, never committed: the SVG the
// page registers with ECharts, its regions named with the app's state names, and per state of the app a marker anchor
// in the SVG's coordinates (its largest piece's centroid). The dev server answers the same file (docs/decisions.md "Offer map (issue 23 part 4)").
import { createHash } from 'node:crypto';
// By path, not the package name: the config loader bundles this file without the 'source' condition.
import { GST_STATE_CODES, gstStateCode } from '../../../packages/domain/src/geo/geo.rules.ts';
import type { Plugin } from 'vite';
import type { IndiaMapAsset, IndiaMapState } from '../src/ui/charts/india-map-asset.ts';

export const INDIA_MAP_FILE = 'assets/india-map.json';
export const INDIA_MAP_ATTRIBUTION = 'Map: @svg-maps/india, CC BY 4.0';

type Location = { id: string; name: string; path: string };
export type SvgMap = { label: string; viewBox: string; locations: Location[] };
type Box = { x0: number; y0: number; x1: number; y1: number };

export type { IndiaMapAsset, IndiaMapState };

/** The package's names that the app spells otherwise: the two territories merged in 2020. */
const RENAMED: Readonly<Record<string, string>> = {
  'Dadra and Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu',
};

/**
 * States the package draws inside another's outline: Ladakh (a union territory since 2019) lies in the package's
 * pre-2019 Jammu and Kashmir. Each gets a point of that outline's box, as fractions of its width and height; the
 * outline's own state moves to the point given here too.
 */
const INSIDE: Readonly<Record<string, { of: string; at: [number, number] }>> = {
  Ladakh: { of: 'Jammu and Kashmir', at: [0.68, 0.42] },
  'Jammu and Kashmir': { of: 'Jammu and Kashmir', at: [0.3, 0.55] },
};

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;
const COMMAND = /([MLHVCSQTAZ])([^MLHVCSQTAZ]*)/gi;
/** How many numbers each command takes per repetition. */
const ARITY: Readonly<Record<string, number>> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

type Point = [number, number];
type Shape = { box: Box; rings: Point[][] };

/**
 * A path's box (every point it passes through or pulls towards: curves' control points count, so the box is at most
 * a little large) and its subpaths as rings of their vertices (curves by their end points).
 */
export function pathShape(d: string): Shape {
  const box: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const rings: Point[][] = [];
  let ring: Point[] = [];
  const add = (x: number, y: number) => {
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x);
    box.y1 = Math.max(box.y1, y);
  };
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, letter, args] of d.matchAll(COMMAND)) {
    const cmd = letter!.toUpperCase();
    const rel = letter !== cmd;
    const nums = (args!.match(NUMBER) ?? []).map(Number);
    if (cmd === 'Z') {
      [x, y] = [startX, startY];
      continue;
    }
    const n = ARITY[cmd]!;
    if (nums.length === 0 || nums.length % n !== 0) throw new Error(`bad path data near "${letter}${args}"`);
    for (let i = 0; i < nums.length; i += n) {
      const p = nums.slice(i, i + n);
      const ox = rel ? x : 0;
      const oy = rel ? y : 0;
      if (cmd === 'H') x = p[0]! + ox;
      else if (cmd === 'V') y = p[0]! + oy;
      else if (cmd === 'A') [x, y] = [p[5]! + ox, p[6]! + oy];
      else {
        for (let j = 0; j < n - 2; j += 2) add(p[j]! + ox, p[j + 1]! + oy);
        [x, y] = [p[n - 2]! + ox, p[n - 1]! + oy];
      }
      add(x, y);
      // After a moveto, further pairs are linetos; a subpath closes back to where it moved.
      if (cmd === 'M' && i === 0) {
        [startX, startY] = [x, y];
        if (ring.length) rings.push(ring);
        ring = [];
      }
      ring.push([x, y]);
    }
  }
  if (ring.length) rings.push(ring);
  if (!Number.isFinite(box.x0)) throw new Error('empty path');
  return { box, rings };
}

export const pathBox = (d: string): Box => pathShape(d).box;

/** A ring's area (shoelace, unsigned) and its centroid; a ring without area has none. */
export function ringCentroid(ring: readonly Point[]): { area: number; centroid: Point | null } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(twice) < 1e-9) return { area: 0, centroid: null };
  return { area: Math.abs(twice / 2), centroid: [cx / (3 * twice), cy / (3 * twice)] };
}

const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});
const round = (v: number) => Math.round(v * 10) / 10;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The app's state names (the GST list's, which are the state → city table's). */
export const appStates = (): string[] => [...new Set(Object.values(GST_STATE_CODES))].sort();

/** The asset from the package's map: every region named as the app names its state, every app state anchored. */
export function buildIndiaMap(map: SvgMap): IndiaMapAsset {
  const viewBox = map.viewBox.split(/[\s,]+/).map(Number) as IndiaMapAsset['viewBox'];
  const boxes = new Map<string, Box>();
  // Per state its largest piece of land (an island group's main island, a territory's largest enclave): the marker
  // goes at that piece's centroid, which for these outlines lies inside it, where a box's centre may be the sea.
  const largest = new Map<string, { area: number; centroid: Point }>();
  const paths: string[] = [];
  for (const location of map.locations) {
    const name = RENAMED[location.name] ?? location.name;
    const { box, rings } = pathShape(location.path);
    const known = boxes.get(name);
    boxes.set(name, known ? union(known, box) : box);
    for (const ring of rings) {
      const { area, centroid } = ringCentroid(ring);
      if (centroid && area > (largest.get(name)?.area ?? 0)) largest.set(name, { area, centroid });
    }
    paths.push(`<path name="${escape(name)}" d="${escape(location.path)}"/>`);
  }
  const states: Record<string, IndiaMapState> = {};
  for (const name of appStates()) {
    const inside = INSIDE[name];
    const box = boxes.get(inside?.of ?? name);
    if (!box) throw new Error(`the map has no outline for ${name}`);
    const [fx, fy] = inside?.at ?? [0.5, 0.5];
    const [x, y] = (!inside && largest.get(name)?.centroid) || [
      box.x0 + fx * (box.x1 - box.x0),
      box.y0 + fy * (box.y1 - box.y0),
    ];
    states[name] = { code: gstStateCode(name)!, anchor: [round(x), round(y)] };
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${map.viewBox}">${paths.join('')}</svg>`;
  return { attribution: INDIA_MAP_ATTRIBUTION, licence: 'CC-BY-4.0', viewBox, svg, states };
}

/** The asset's text and a short hash of it, which the page's URL carries so a long cache never serves an old map. */
export async function indiaMapJson(): Promise<{ json: string; version: string }> {
  const { default: map } = (await import('@svg-maps/india')) as unknown as { default: SvgMap };
  const json = JSON.stringify(buildIndiaMap(map));
  return { json, version: createHash('sha256').update(json).digest('hex').slice(0, 12) };
}

/** Emits `assets/india-map.json` into the build and serves it from the dev server. */
export function indiaMap(): Plugin {
  let asset: Promise<{ json: string; version: string }> | null = null;
  const load = () => (asset ??= indiaMapJson());
  return {
    name: 'spirit:india-map',
    async config() {
      const { version } = await load();
      return { define: { 'import.meta.env.VITE_INDIA_MAP_VERSION': JSON.stringify(version) } };
    },
    configureServer(server) {
      server.middlewares.use(`/${INDIA_MAP_FILE}`, (_req, res) => {
        void load().then(({ json }) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(json);
        });
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: INDIA_MAP_FILE, source: (await load()).json });
    },
  };
}
