// glissade web client: Drawing the players: posed characters (platformer, sandbox) and balls
// (arena), and their landings.

import { COLORS, LAND_SQUASH_MS, playerColor, sizes, triangleFill } from './common.js';

export function drawPlayers(ctx, players, game, now, px) {
  const ownId = game.id;
  const circles = game.mode === 'arena';
  const r = sizes.arenaRadius;
  const [w, h] = circles ? [2 * r, 2 * r] : sizes.player;
  // Others first, the own player on top.
  const sorted = players.slice().sort((a, b) => (a.id === ownId) - (b.id === ownId));
  for (const p of sorted) {
    const own = p.id === ownId;
    if (circles) drawBall(ctx, p, r, own, px, game.world.scores.find((s) => s.id === p.id), now);
    else drawCharacter(ctx, p, w, h, own, game.poses.squash(p, now), now, px);
    if (own) {
      // A small marker above the head.
      triangleFill(ctx, p.x - 0.15, p.y + h / 2 + 0.35, p.x + 0.15, p.y + h / 2 + 0.35, p.x, p.y + h / 2 + 0.15, COLORS.self);
    }
  }
}

/** An arena player: a ball with eyes looking along its motion, its health above it (a pip a
 * hit), blinking while invulnerable. */
export function drawBall(ctx, p, r, own, px, score, now) {
  if (score && score.invulnerable && Math.floor(now / 100) % 2 === 0) ctx.globalAlpha = 0.35;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = playerColor(p.id);
  ctx.fill();
  ctx.lineWidth = (own ? 3 : 1) * px;
  ctx.strokeStyle = own ? COLORS.self : 'rgba(0, 0, 0, 0.5)';
  ctx.stroke();
  const speed = Math.hypot(p.vx || 0, p.vy || 0);
  const moving = speed > 0.1;
  // Standing still, it looks at you (eyes side by side, pupils in the middle).
  const [dx, dy] = moving ? [p.vx / speed, p.vy / speed] : [0, -1];
  for (const side of [-1, 1]) {
    const ex = p.x + (moving ? dx * r * 0.35 : 0) - dy * side * r * 0.32;
    const ey = p.y + (moving ? dy * r * 0.35 : r * 0.15) + dx * side * r * 0.32;
    eye(ctx, ex, ey, r * 0.2, moving ? dx : 0, moving ? dy : 0);
  }
  ctx.globalAlpha = 1;
  if (score && score.health > 0) {
    const n = score.health;
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = n === 1 ? '#ff5d73' : '#7dff9b';
      ctx.fillRect(p.x - (n * 0.22) / 2 + i * 0.22 + 0.03, p.y - r - 0.28, 0.16, 0.12);
    }
  }
}

/** An eye at (x, y) of radius `r`, its pupil toward (dx, dy). */
export function eye(ctx, x, y, r, dx, dy) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x + dx * r * 0.45, y + dy * r * 0.45, r * 0.5, 0, Math.PI * 2);
  ctx.fillStyle = '#10131c';
  ctx.fill();
}

/**
 * A platformer (or sandbox) player: a round body on two legs, in the box of its collider,
 * facing its way, posed by its animation state (running legs, a stretched jump, a squashed
 * landing, a lean on a wall or in a dash).
 */
export function drawCharacter(ctx, p, w, h, own, squash, now, px) {
  const anim = p.anim || (Math.abs(p.vx || 0) > 0.5 ? 'run' : 'idle');
  const facing = p.facing || ((p.vx || 0) < -0.1 ? -1 : 1);
  let [sx, sy] = { jump: [0.86, 1.14], fall: [0.94, 1.06], dash: [1.25, 0.82], crouch: [1.12, 0.7] }[anim] || [1, 1];
  // A landing squashes the body for a moment, then it springs back.
  sx *= 1 + 0.3 * squash;
  sy *= 1 - 0.3 * squash;
  const lean = { run: 0.08, dash: 0.2, wall_slide: -0.12 }[anim] || 0;
  ctx.save();
  ctx.translate(p.x, p.y - h / 2); // the feet
  ctx.scale(sx * facing, sy);
  ctx.transform(1, 0, lean, 1, 0, 0);
  const color = playerColor(p.id);
  // Legs: a stride while running, tucked in the air.
  const legH = h * 0.2;
  const stride = anim === 'run' ? Math.sin(now / 55 + p.id) * w * 0.18 : 0;
  const tuck = anim === 'jump' || anim === 'fall' || anim === 'dash' ? legH * 0.4 : 0;
  for (const fill of [color, 'rgba(0, 0, 0, 0.35)']) {
    ctx.fillStyle = fill;
    ctx.fillRect(-w * 0.28 + stride, tuck, w * 0.2, legH - tuck + 0.02);
    ctx.fillRect(w * 0.08 - stride, tuck, w * 0.2, legH - tuck + 0.02);
  }
  // The body.
  roundRect(ctx, -w / 2, legH * 0.8, w, h - legH * 0.8, w * 0.3);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = (own ? 3 : 1) * px;
  ctx.strokeStyle = own ? COLORS.self : 'rgba(0, 0, 0, 0.45)';
  ctx.stroke();
  // A lighter belly and the eyes, looking ahead (down on a wall slide, up in a jump).
  ctx.fillStyle = 'rgba(255, 255, 255, 0.18)';
  roundRect(ctx, -w * 0.28, legH, w * 0.46, h * 0.32, w * 0.15);
  ctx.fill();
  const look = anim === 'jump' ? 0.6 : anim === 'fall' || anim === 'wall_slide' ? -0.6 : 0;
  eye(ctx, w * 0.05, h * 0.72, w * 0.13, 0.9, look);
  eye(ctx, w * 0.3, h * 0.72, w * 0.11, 0.9, look);
  ctx.restore();
}

/** A rounded rectangle path (x, y its lower-left corner, world units). */
export function roundRect(ctx, x, y, w, h, r) {
  const q = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + q, y);
  ctx.lineTo(x + w - q, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + q);
  ctx.lineTo(x + w, y + h - q);
  ctx.quadraticCurveTo(x + w, y + h, x + w - q, y + h);
  ctx.lineTo(x + q, y + h);
  ctx.quadraticCurveTo(x, y + h, x, y + h - q);
  ctx.lineTo(x, y + q);
  ctx.quadraticCurveTo(x, y, x + q, y);
  ctx.closePath();
}

/** Per player, when it last landed: the squash of its landing, and dust. */
export class Poses {
  constructor(effects) {
    this.effects = effects;
    this.landed = new Map(); // id -> performance.now() of the landing
    this.last = new Map(); // id -> the animation last seen
  }

  /** The landing squash of `p` now, from 1 just after landing to 0 after LAND_SQUASH_MS. */
  squash(p, now) {
    const before = this.last.get(p.id);
    this.last.set(p.id, p.anim);
    if (p.anim === 'land' && before !== 'land') {
      this.landed.set(p.id, now);
      this.effects.burst(p.x, p.y - sizes.player[1] / 2, 'rgba(210, 220, 235, 0.9)', 8, 2.5);
    }
    const at = this.landed.get(p.id);
    if (at === undefined) return 0;
    const k = (now - at) / LAND_SQUASH_MS;
    if (k >= 1) {
      this.landed.delete(p.id);
      return 0;
    }
    return Math.sin(Math.PI * k) * (1 - k);
  }
}
