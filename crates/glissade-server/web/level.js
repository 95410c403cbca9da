// glissade web client: Level geometry: built once per welcome into Path2D objects in world units.

import { DEFAULT_VIEW, isPoint } from './common.js';

/** A wall shape (`{box}`, `{circle}`, `{capsule}`, `{polygon}`, `{segment}`) added to paths. */
export function addShape(shape, fill, stroke, dx = 0, dy = 0) {
  if (!shape || typeof shape !== 'object') return;
  if (shape.box) {
    const { min, max } = shape.box;
    if (isPoint(min) && isPoint(max)) fill.rect(min[0] + dx, min[1] + dy, max[0] - min[0], max[1] - min[1]);
  } else if (shape.circle) {
    const { center, radius } = shape.circle;
    if (isPoint(center) && radius > 0) {
      fill.moveTo(center[0] + dx + radius, center[1] + dy);
      fill.arc(center[0] + dx, center[1] + dy, radius, 0, Math.PI * 2);
      fill.closePath();
    }
  } else if (shape.capsule) {
    addCapsule(fill, shape.capsule, dx, dy);
  } else if (Array.isArray(shape.polygon)) {
    const pts = shape.polygon.filter(isPoint);
    if (pts.length >= 3) {
      fill.moveTo(pts[0][0] + dx, pts[0][1] + dy);
      for (const p of pts.slice(1)) fill.lineTo(p[0] + dx, p[1] + dy);
      fill.closePath();
    }
  } else if (shape.segment) {
    const { a, b } = shape.segment;
    if (isPoint(a) && isPoint(b)) {
      stroke.moveTo(a[0] + dx, a[1] + dy);
      stroke.lineTo(b[0] + dx, b[1] + dy);
    }
  }
}

/** A capsule outline: a half circle around each end, joined by the two straight sides. */
export function addCapsule(path, { a, b, radius }, dx, dy) {
  if (!isPoint(a) || !isPoint(b) || !(radius > 0)) return;
  const ax = a[0] + dx, ay = a[1] + dy, bx = b[0] + dx, by = b[1] + dy;
  const ang = Math.atan2(by - ay, bx - ax); // 0 when a == b: then it is a circle
  const half = Math.PI / 2;
  path.moveTo(bx + radius * Math.cos(ang - half), by + radius * Math.sin(ang - half));
  path.arc(bx, by, radius, ang - half, ang + half);
  path.arc(ax, ay, radius, ang + half, ang + 3 * half);
  path.closePath();
}

/**
 * Tile layer -> merged solid rectangles, slope triangles and one-way bars.
 * Solid runs of '#' are merged along a row, then identical runs of consecutive rows are merged
 * downwards, so a block of tiles is one rectangle (fewer edges, no hairline seams).
 */
export function addTiles(layer, solid, oneWay) {
  const rows = Array.isArray(layer.rows) ? layer.rows : [];
  const cell = layer.cell > 0 ? layer.cell : 1;
  const [ox, oy] = isPoint(layer.origin) ? layer.origin : [0, 0];
  const n = rows.length;
  const yOf = (r) => oy + (n - 1 - r) * cell; // bottom of row r (row 0 is the top one)
  const xOf = (c) => ox + c * cell;

  const open = new Map(); // "c0:c1" -> rectangle still growing downwards {c0, c1, rTop, rBottom}
  const flush = (rect) => solid.rect(xOf(rect.c0), yOf(rect.rBottom), (rect.c1 - rect.c0) * cell, (rect.rBottom - rect.rTop + 1) * cell);

  rows.forEach((row, r) => {
    const text = String(row);
    const seen = new Set();
    for (const [c0, c1] of runsOf(text, '#')) {
      const key = `${c0}:${c1}`;
      const rect = open.get(key);
      if (rect && rect.rBottom === r - 1) rect.rBottom = r;
      else {
        if (rect) flush(rect);
        open.set(key, { c0, c1, rTop: r, rBottom: r });
      }
      seen.add(key);
    }
    for (const [key, rect] of open) {
      if (!seen.has(key)) { flush(rect); open.delete(key); }
    }
    for (const [c0, c1] of runsOf(text, '=')) {
      const bar = cell * 0.18;
      oneWay.rect(xOf(c0), yOf(r) + cell - bar, (c1 - c0) * cell, bar);
    }
    for (let c = 0; c < text.length; c++) {
      const ch = text[c], x = xOf(c), y = yOf(r);
      if (ch === '/') triangle(solid, x, y, x + cell, y, x + cell, y + cell); // rises to the right
      else if (ch === '\\') triangle(solid, x, y, x + cell, y, x, y + cell); // rises to the left
    }
  });
  for (const rect of open.values()) flush(rect);
}

/** Runs [c0, c1) of the character `ch` in a row. */
export function* runsOf(text, ch) {
  let c = 0;
  while (c < text.length) {
    if (text[c] !== ch) { c++; continue; }
    const c0 = c;
    while (c < text.length && text[c] === ch) c++;
    yield [c0, c];
  }
}

export function triangle(path, x0, y0, x1, y1, x2, y2) {
  path.moveTo(x0, y0);
  path.lineTo(x1, y1);
  path.lineTo(x2, y2);
  path.closePath();
}

/**
 * Everything static of a level, ready to draw, plus the platforms' own-frame shapes. In sandbox
 * mode the box walls move (snapshots carry them), so they are left out of the static paths.
 */
export function buildLevel(level, mode) {
  const lv = level && typeof level === 'object' ? level : {};
  const bounds = lv.bounds && isPoint(lv.bounds.min) && isPoint(lv.bounds.max)
    ? { min: lv.bounds.min, max: lv.bounds.max }
    : { min: [0, 0], max: DEFAULT_VIEW.slice() };
  const solid = new Path2D(), oneWay = new Path2D();
  const walls = new Path2D(), segments = new Path2D();
  for (const layer of Array.isArray(lv.tiles) ? lv.tiles : []) addTiles(layer, solid, oneWay);
  const movable = (mode || lv.mode) === 'sandbox';
  for (const wall of Array.isArray(lv.walls) ? lv.walls : []) {
    if (movable && wall && wall.box) continue;
    addShape(wall, walls, segments);
  }
  const platforms = (Array.isArray(lv.platforms) ? lv.platforms : []).filter((p) => p && typeof p === 'object').map((p) => {
    const fill = new Path2D(), stroke = new Path2D();
    addShape(p.shape, fill, stroke);
    const start = Array.isArray(p.path) && isPoint(p.path[0]) ? p.path[0] : [0, 0];
    return { fill, stroke, oneWay: !!p.one_way, start };
  });
  // Ladders: the boxes of climbable sensor entities, drawn as rails and rungs.
  const ladders = [];
  for (const e of Array.isArray(lv.entities) ? lv.entities : []) {
    if (!e || !e.climbable || !Array.isArray(e.shapes)) continue;
    for (const sh of e.shapes) {
      if (sh && sh.box && isPoint(sh.box.min) && isPoint(sh.box.max)) ladders.push({ min: sh.box.min, max: sh.box.max });
    }
  }
  return { name: String(lv.name || ''), mode: lv.mode, bounds, solid, oneWay, walls, segments, platforms, ladders };
}
