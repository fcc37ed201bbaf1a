/**
 * Distance between two tokens on a scene, in metres, for the Greyhawk missile ranges (PHB range
 * bands, G-S3 point blank, G-M2 extreme range). Pure: it reads the token documents' plain fields
 * (position, size in grid squares, elevation) and their scene's grid (pixels per square, the
 * distance a square stands for and its unit). Ruling in docs/rulings.md: straight line from
 * centre to centre, with the elevation difference, feet counted as 0.3 m.
 */

export interface TokenPlace {
  readonly sceneId: string;
  /** Centre in pixels. */
  readonly cx: number;
  readonly cy: number;
  /** Elevation in the scene's units. */
  readonly elevation: number;
  /** Pixels per grid square, scene units per square, metres per scene unit. */
  readonly gridPx: number;
  readonly gridDistance: number;
  readonly metresPerUnit: number;
}

const METRES: Readonly<Record<string, number>> = {
  m: 1,
  metre: 1,
  metres: 1,
  meter: 1,
  meters: 1,
  mètre: 1,
  mètres: 1,
  ft: 0.3,
  'ft.': 0.3,
  feet: 0.3,
  foot: 0.3,
  pi: 0.3,
  pieds: 0.3,
  pied: 0.3,
};

/** Metres in one scene unit, or null for a unit the system does not know (then the GM is asked). */
export function metresPerUnit(units: unknown): number | null {
  const key = String(units ?? '')
    .trim()
    .toLowerCase();
  return METRES[key] ?? null;
}

interface TokenDocLike {
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
  elevation?: unknown;
  parent?: { id?: string | null; grid?: { size?: unknown; distance?: unknown; units?: unknown } } | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Where a token document stands, or null when it is not on a scene with a usable grid. */
export function tokenPlace(doc: unknown): TokenPlace | null {
  const d = doc as TokenDocLike | null | undefined;
  const scene = d?.parent;
  const gridPx = num(scene?.grid?.size);
  const gridDistance = num(scene?.grid?.distance);
  const perUnit = metresPerUnit(scene?.grid?.units);
  const x = num(d?.x);
  const y = num(d?.y);
  if (!scene || !gridPx || gridPx <= 0 || !gridDistance || gridDistance <= 0 || perUnit === null) return null;
  if (x === null || y === null) return null;
  const w = num(d?.width) ?? 1;
  const h = num(d?.height) ?? 1;
  return {
    sceneId: String(scene.id ?? ''),
    cx: x + (w * gridPx) / 2,
    cy: y + (h * gridPx) / 2,
    elevation: num(d?.elevation) ?? 0,
    gridPx,
    gridDistance,
    metresPerUnit: perUnit,
  };
}

/** Metres between two tokens (one decimal), or null when they are not on the same scene. */
export function distanceMetres(a: TokenPlace | null, b: TokenPlace | null): number | null {
  if (!a || !b || a.sceneId !== b.sceneId) return null;
  const units = (px: number) => (px / a.gridPx) * a.gridDistance;
  const dx = units(a.cx - b.cx);
  const dy = units(a.cy - b.cy);
  const dz = a.elevation - b.elevation;
  const metres = Math.hypot(dx, dy, dz) * a.metresPerUnit;
  return Math.round(metres * 10) / 10;
}
