// glissade web client: Drawing the world: the backdrop, the level, platforms, coins and goal,
// boxes, bullets, the debug grid.

import { drawPlayers } from './characters.js';
import { BULLET_RADIUS, COLORS, playerColor, sizes, triangleFill } from './common.js';
import { drawBanner, drawDebugText, drawFeed, drawLabels, drawMessage, drawReticle, drawRoundBanner } from './hud.js';

export function drawFrame(ctx, game, now) {
  const cam = game.camera;
  const { canvas } = ctx;
  // Letterbox bars: the whole canvas, then the view on top of it.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLORS.bars;
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  cam.applyScreen(ctx);
  ctx.save();
  ctx.beginPath();
  ctx.rect(cam.ox, cam.oy, cam.viewW * cam.s, cam.viewH * cam.s);
  ctx.clip();
  ctx.fillStyle = COLORS.outside;
  ctx.fillRect(cam.ox, cam.oy, cam.viewW * cam.s, cam.viewH * cam.s);
  drawBackdrop(ctx, cam, game.mode);

  cam.applyWorld(ctx);
  const px = 1 / cam.s; // one CSS pixel in world units, for line widths
  if (game.level) drawLevel(ctx, game.level, px);
  const world = game.world;
  if (game.level) drawPlatforms(ctx, game.level, world ? world.platforms : [], px);
  if (game.course) drawCourse(ctx, game.course, game.snapshots.run, now, px);
  game.effects.draw(ctx, px);
  if (game.debug && game.level) drawGrid(ctx, game, px);
  if (world) drawBoxes(ctx, world.boxes, px);
  if (world) drawPlayers(ctx, world.players, game, now, px);
  if (world) drawBullets(ctx, world.bullets, px);
  if (game.mode === 'arena') drawReticle(ctx, game, px);
  if (game.debug && world) drawVelocities(ctx, world.players, px);

  cam.applyScreen(ctx);
  if (world) drawLabels(ctx, game, world.players);
  if (!game.level || game.conn.state !== 'playing') drawBanner(ctx, game);
  else if (game.message && now < game.message.until) drawMessage(ctx, game, game.message.text);
  else if (game.mode === 'arena') drawRoundBanner(ctx, game);
  if (game.mode === 'arena') drawFeed(ctx, game);
  ctx.restore();

  cam.applyScreen(ctx);
  if (game.debug) drawDebugText(ctx, game, now);
}

/** Ladders: two rails and a rung every half unit. */
function drawLadders(ctx, ladders, px) {
  ctx.strokeStyle = COLORS.ladder;
  ctx.lineWidth = 3 * px;
  ctx.beginPath();
  for (const { min, max } of ladders) {
    const inset = Math.min(0.1, (max[0] - min[0]) / 4);
    ctx.moveTo(min[0] + inset, min[1]);
    ctx.lineTo(min[0] + inset, max[1]);
    ctx.moveTo(max[0] - inset, min[1]);
    ctx.lineTo(max[0] - inset, max[1]);
    for (let y = min[1] + 0.25; y < max[1]; y += 0.5) {
      ctx.moveTo(min[0] + inset, y);
      ctx.lineTo(max[0] - inset, y);
    }
  }
  ctx.stroke();
}

export function drawLevel(ctx, level, px) {
  const { min, max } = level.bounds;
  ctx.fillStyle = COLORS.sky;
  ctx.fillRect(min[0], min[1], max[0] - min[0], max[1] - min[1]);
  ctx.lineWidth = px;
  ctx.strokeStyle = COLORS.bounds;
  ctx.strokeRect(min[0], min[1], max[0] - min[0], max[1] - min[1]);

  // Tiles are filled only: a stroke would show the seams between merged pieces.
  ctx.fillStyle = COLORS.solid;
  ctx.fill(level.solid);

  ctx.fillStyle = COLORS.oneWay;
  ctx.fill(level.oneWay);

  drawLadders(ctx, level.ladders || [], px);

  ctx.fillStyle = COLORS.wall;
  ctx.fill(level.walls); // nonzero: overlapping convex pieces fill as one
  ctx.strokeStyle = COLORS.wallEdge;
  ctx.stroke(level.walls);

  ctx.lineWidth = 2 * px;
  ctx.lineCap = 'round';
  ctx.strokeStyle = COLORS.segment;
  ctx.stroke(level.segments);
}

/**
 * A backdrop drawn in code, behind the level and moving slower than it as the camera moves
 * (parallax): stars far away, then two ranges of hills (side views), or a faint floor
 * pattern seen from above (top-down modes).
 */
export function drawBackdrop(ctx, cam, mode) {
  const x0 = cam.ox, y0 = cam.oy, w = cam.viewW * cam.s, h = cam.viewH * cam.s;
  const sky = ctx.createLinearGradient(0, y0, 0, y0 + h);
  sky.addColorStop(0, '#0b1020');
  sky.addColorStop(1, '#1a2236');
  ctx.fillStyle = sky;
  ctx.fillRect(x0, y0, w, h);
  // Stars: a fixed pseudo-random field, scrolling at a tenth of the camera.
  ctx.fillStyle = 'rgba(220, 230, 255, 0.55)';
  const shiftX = -cam.cx * cam.s * 0.1, shiftY = cam.cy * cam.s * 0.1;
  for (let i = 0; i < 90; i++) {
    const sx = x0 + (((i * 173.7) % w) + (shiftX % w) + w) % w;
    const sy = y0 + ((i * 311.9) % h + shiftY % h + h) % h;
    const size = i % 7 === 0 ? 2 : 1;
    ctx.fillRect(sx, sy, size, size);
  }
  if (mode === 'platformer') {
    hills(ctx, cam, 0.25, 0.55, 'rgba(40, 52, 84, 0.9)', 0.9);
    hills(ctx, cam, 0.5, 0.7, 'rgba(30, 40, 64, 0.95)', 1.7);
  } else {
    // Top-down: a faint grid of tiles scrolling at half the camera's pace.
    ctx.strokeStyle = 'rgba(120, 140, 190, 0.06)';
    ctx.lineWidth = 1;
    const step = 2 * cam.s;
    const offX = ((-cam.cx * cam.s * 0.5) % step + step) % step;
    const offY = ((cam.cy * cam.s * 0.5) % step + step) % step;
    ctx.beginPath();
    for (let x = x0 + offX; x < x0 + w; x += step) { ctx.moveTo(x, y0); ctx.lineTo(x, y0 + h); }
    for (let y = y0 + offY; y < y0 + h; y += step) { ctx.moveTo(x0, y); ctx.lineTo(x0 + w, y); }
    ctx.stroke();
  }
}

/** A range of hills across the view: `factor` of the camera's motion, `level` of the view's
 * height from the top, `freq` how many bumps. */
export function hills(ctx, cam, factor, level, color, freq) {
  const x0 = cam.ox, y0 = cam.oy, w = cam.viewW * cam.s, h = cam.viewH * cam.s;
  const shift = cam.cx * factor;
  const base = y0 + h * level + cam.cy * cam.s * factor * 0.2;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x0, y0 + h);
  for (let px = 0; px <= w; px += 8) {
    const u = (px / cam.s + shift) * 0.18 * freq;
    const y = base - (Math.sin(u) * 0.6 + Math.sin(u * 2.3 + 1.7) * 0.3 + Math.sin(u * 0.37) * 0.8) * cam.s * 1.2;
    ctx.lineTo(x0 + px, y);
  }
  ctx.lineTo(x0 + w, y0 + h);
  ctx.closePath();
  ctx.fill();
}

/** The coins not yet taken in your run (turning), and the goal's flag (waving). */
export function drawCourse(ctx, course, run, now, px) {
  const taken = new Set(run && Array.isArray(run.taken) ? run.taken : []);
  const r = course.coinRadius;
  const turn = Math.cos(now / 300);
  course.coins.forEach(([x, y], i) => {
    if (taken.has(i)) return;
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(Math.max(0.15, Math.abs(turn)), 1);
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.fillStyle = COLORS.coin;
    ctx.fill();
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = COLORS.coinEdge;
    ctx.stroke();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.fillRect(-r * 0.15, -r * 0.55, r * 0.3, r * 1.1);
    ctx.restore();
  });
  if (course.goal) {
    const { min, max } = course.goal;
    const x = (min[0] + max[0]) / 2, y0 = min[1], y1 = max[1];
    ctx.fillStyle = COLORS.pole;
    ctx.fillRect(x - 0.05, y0, 0.1, y1 - y0);
    const wave = Math.sin(now / 180) * 0.12;
    ctx.beginPath();
    ctx.moveTo(x + 0.05, y1);
    ctx.quadraticCurveTo(x + 0.45, y1 - 0.15 + wave, x + 0.9, y1 - 0.25 + wave);
    ctx.lineTo(x + 0.05, y1 - 0.55);
    ctx.closePath();
    ctx.fillStyle = COLORS.flag;
    ctx.fill();
  }
}

export function drawPlatforms(ctx, level, positions, px) {
  level.platforms.forEach((p, i) => {
    const at = positions[i] || { x: p.start[0], y: p.start[1] };
    ctx.save();
    ctx.translate(at.x, at.y);
    ctx.globalAlpha = p.oneWay ? 0.6 : 1;
    ctx.fillStyle = COLORS.platform;
    ctx.fill(p.fill);
    ctx.globalAlpha = 1;
    ctx.lineWidth = (p.oneWay ? 1 : 1.5) * px;
    ctx.setLineDash(p.oneWay ? [4 * px, 3 * px] : []);
    ctx.strokeStyle = COLORS.platformEdge;
    ctx.stroke(p.fill);
    ctx.setLineDash([]);
    ctx.lineWidth = 2 * px;
    ctx.stroke(p.stroke);
    ctx.restore();
  });
}

/** Sandbox boxes: centre and half extents. */
export function drawBoxes(ctx, boxes, px) {
  if (!boxes || !boxes.length) return;
  ctx.lineWidth = 1.5 * px;
  for (const b of boxes) {
    ctx.fillStyle = COLORS.box;
    ctx.fillRect(b.x - b.hw, b.y - b.hh, 2 * b.hw, 2 * b.hh);
    ctx.strokeStyle = COLORS.boxEdge;
    ctx.strokeRect(b.x - b.hw, b.y - b.hh, 2 * b.hw, 2 * b.hh);
    // A crate: an inner frame and a cross brace.
    const m = Math.min(b.hw, b.hh) * 0.22;
    ctx.strokeStyle = 'rgba(60, 36, 18, 0.7)';
    ctx.strokeRect(b.x - b.hw + m, b.y - b.hh + m, 2 * (b.hw - m), 2 * (b.hh - m));
    ctx.beginPath();
    ctx.moveTo(b.x - b.hw + m, b.y - b.hh + m);
    ctx.lineTo(b.x + b.hw - m, b.y + b.hh - m);
    ctx.moveTo(b.x - b.hw + m, b.y + b.hh - m);
    ctx.lineTo(b.x + b.hw - m, b.y - b.hh + m);
    ctx.stroke();
  }
}

/** Bullets: small circles with a short trail behind them. */
export function drawBullets(ctx, bullets, px) {
  if (!bullets || !bullets.length) return;
  ctx.lineCap = 'round';
  for (const b of bullets) {
    const speed = Math.hypot(b.vx, b.vy);
    if (speed > 0) {
      const tail = Math.min(0.6, speed * 0.02);
      ctx.beginPath();
      ctx.moveTo(b.x, b.y);
      ctx.lineTo(b.x - (b.vx / speed) * tail, b.y - (b.vy / speed) * tail);
      ctx.lineWidth = BULLET_RADIUS * 1.2;
      ctx.strokeStyle = 'rgba(255, 226, 122, 0.4)';
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(b.x, b.y, BULLET_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = b.owner !== undefined ? playerColor(b.owner) : COLORS.bullet;
    ctx.fill();
    ctx.lineWidth = px;
    ctx.strokeStyle = COLORS.bullet;
    ctx.stroke();
  }
}

/** Debug: the broadphase grid over the level bounds, cells under a player shaded. */
export function drawGrid(ctx, game, px) {
  const cell = sizes.gridCell;
  if (!(cell > 0)) return;
  const { min, max } = game.level.bounds;
  const x0 = Math.floor(min[0] / cell) * cell, x1 = Math.ceil(max[0] / cell) * cell;
  const y0 = Math.floor(min[1] / cell) * cell, y1 = Math.ceil(max[1] / cell) * cell;
  ctx.fillStyle = COLORS.gridHot;
  const [w, h] = sizes.player;
  for (const p of game.world ? game.world.players : []) {
    for (let cx = Math.floor((p.x - w / 2) / cell); cx <= Math.floor((p.x + w / 2) / cell); cx++) {
      for (let cy = Math.floor((p.y - h / 2) / cell); cy <= Math.floor((p.y + h / 2) / cell); cy++) {
        ctx.fillRect(cx * cell, cy * cell, cell, cell);
      }
    }
  }
  ctx.beginPath();
  for (let x = x0; x <= x1; x += cell) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
  for (let y = y0; y <= y1; y += cell) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
  ctx.lineWidth = px;
  ctx.strokeStyle = COLORS.grid;
  ctx.stroke();
}

/** Debug: velocity arrows, 0.1 s of motion long (so 10 units/s is one unit). */
export function drawVelocities(ctx, players, px) {
  ctx.strokeStyle = COLORS.velocity;
  ctx.fillStyle = COLORS.velocity;
  ctx.lineWidth = 2 * px;
  for (const p of players) {
    const dx = p.vx * 0.1, dy = p.vy * 0.1;
    const len = Math.hypot(dx, dy);
    if (len < 1e-3) continue;
    const ex = p.x + dx, ey = p.y + dy;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    const head = Math.min(0.3, len * 0.5), ux = dx / len, uy = dy / len;
    triangleFill(ctx, ex, ey, ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5,
      ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5, COLORS.velocity);
  }
}
