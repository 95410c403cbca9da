// glissade web client: Shared numbers, colours and small helpers of the web client.

export const PROTOCOL = 3;

// We tell the server which snapshot we have every this many ticks: its next snapshots are
// written as changes from that one.
export const SEEN_EVERY_TICKS = 3;

export const DEFAULT_VIEW = [32, 18];

export const DEFAULT_TICK_HZ = 60;

export const BULLET_RADIUS = 0.1;

// Other players are drawn this far in the past, between two snapshots: about two snapshot
// intervals plus twice the measured jitter of their arrivals, within these bounds. Your own
// player is drawn from the newest snapshot (see Snapshots.own).
export const INTERP_MIN_MS = 20;

export const INTERP_MAX_MS = 150;

export const SNAPSHOT_KEEP = 64;

export const LOOK_AHEAD_S = 0.25; // the camera looks this far ahead along your velocity...

export const LOOK_AHEAD = 4; // ...but at most this many units

export const CAMERA_LAG_S = 0.12; // time constant of the camera's smoothing

export const PORTRAIT_TOP = 76; // CSS px above the view on a tall screen: room for the top bar

export const STICK_DEAD = 0.3; // a stick (touch or gamepad) this far from its centre, of its reach, counts

export const GAMEPAD_AIM = 8; // world units from your player to where a gamepad's right stick aims

export const LAND_SQUASH_MS = 220; // how long a landing squashes a character

export const CAMERA_SNAP = 12; // a target this far away is jumped to (a respawn), not slid to

export const TRAIL_KEEP = 240; // frames of your own player's drawn positions kept (for tests and tools)

export const INPUT_MIN_GAP_MS = 1000 / 30; // continuous changes (aim, drag) and repeats: 30 Hz at most

export const INPUT_BURST_GAP_MS = 1000 / 60; // discrete changes (keys, buttons): still at most 60 Hz

export const INPUT_KEEPALIVE_MS = 500;

export const FIRE_MIN_MS = 50; // a click keeps `fire` true at least this long (3 server ticks)

export const PING_EVERY_MS = 2000;

export const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];

// The sizes the server's rules use, told in its welcome: a player's box (width, height; its
// (x, y) is the box's centre), an arena player's circle radius around (x, y), and the world's
// broadphase cell, which the debug overlay draws as a grid aligned to the world origin.
export const sizes = { player: [0, 0], arenaRadius: 0, gridCell: 0 };

export const COLORS = {
  bars: '#07080c',
  sky: 'rgba(20, 25, 38, 0.35)', // over the backdrop: the level's extent, lightly
  outside: '#0d1019', // inside the view but outside the level bounds
  bounds: 'rgba(140, 160, 200, 0.35)',
  solid: '#56607a',
  oneWay: '#c6a15b',
  wall: '#4f6b8a',
  wallEdge: '#86a8cc',
  segment: '#b8d0ea',
  platform: '#3f8f7f',
  platformEdge: '#8fe0cc',
  box: '#8a6a4a',
  boxEdge: '#e0b98a',
  bullet: '#ffe27a',
  self: '#ffffff',
  grid: 'rgba(120, 200, 255, 0.16)',
  gridHot: 'rgba(120, 200, 255, 0.10)',
  velocity: '#ff6fa8',
  text: '#d8dde8',
  coin: '#ffd34d',
  coinEdge: '#a8741a',
  flag: '#ff5d73',
  pole: '#e8ecf5',
  ladder: '#b08a5a',
};

export const lerp = (a, b, t) => a + (b - a) * t;

export const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

export const round3 = (v) => Math.round(v * 1000) / 1000;

export const isPoint = (p) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** A stable colour per player id (golden-angle hues). */
export function playerColor(id) {
  const hue = (Number(id) * 137.508) % 360;
  return `hsl(${hue.toFixed(1)}, 65%, 58%)`;
}

export function triangleFill(ctx, x0, y0, x1, y1, x2, y2, color) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}
