// glissade web client: Drawing over the world and the top bar: labels, banners, the reticle, the
// kill feed, the debug text and the HUD texts.

import { COLORS, clamp, isPoint, playerColor, sizes } from './common.js';

/** Names above the players (screen space: text must not be flipped or scaled). */
export function drawLabels(ctx, game, players) {
  const fontPx = clamp(game.camera.s * 0.32, 9, 16);
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  // Your own label first, then the others nearest the view's centre first; a label that
  // would cover one already placed moves up a line, or is left out after a few tries (a
  // crowd shows some of its names, not a smudge).
  const placed = [];
  const cx = game.camera.cx, cy = game.camera.cy;
  const order = players.slice().sort((a, b) =>
    (b.id === game.id) - (a.id === game.id) || Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy));
  for (const p of order) {
    const own = p.id === game.id;
    const lift = sizes.player[1] / 2 + (own ? 0.4 : 0.1);
    const [sx, sy0] = game.camera.worldToScreen(p.x, p.y + lift);
    let label = own ? `you (${p.id})` : `#${p.id}`;
    if (game.debug && game.mode === 'platformer') label += p.grounded ? ' · grounded' : ' · air';
    const w = ctx.measureText(label).width + 4;
    let sy = sy0;
    let free = false;
    for (let tries = 0; tries < 3 && !free; tries++) {
      const box = [sx - w / 2, sy - fontPx, sx + w / 2, sy];
      free = !placed.some((q) => box[0] < q[2] && q[0] < box[2] && box[1] < q[3] && q[1] < box[3]);
      if (free) placed.push(box);
      else sy -= fontPx;
    }
    if (!free && !own) continue;
    ctx.fillStyle = own ? COLORS.self : playerColor(p.id);
    ctx.fillText(label, sx, sy);
  }
}

export function drawBanner(ctx, game) {
  const cam = game.camera;
  const at = [cam.ox + (cam.viewW * cam.s) / 2, cam.oy + (cam.viewH * cam.s) / 2];
  textBox(ctx, connectionText(game.conn), at, { font: '16px system-ui, sans-serif', height: 40, pad: 32, color: COLORS.text });
}

/** `text` centred at `at` (CSS px) on a dark box `height` high, `pad` wider than the text. */
function textBox(ctx, text, [x, y], { font, height, pad, color }) {
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = ctx.measureText(text).width + pad;
  ctx.fillStyle = 'rgba(7, 8, 12, 0.72)';
  ctx.fillRect(x - w / 2, y - height / 2, w, height);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

/** The aim: a ring and a cross where the pointer is, a faint line to it from your player. */
export function drawReticle(ctx, game, px) {
  const p = game.input.pointer;
  if (!p || !game.camera.inView(p[0], p[1])) return;
  const [x, y] = game.camera.screenToWorld(p[0], p[1]);
  const me = game.me();
  ctx.lineWidth = 2 * px;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  if (me) {
    ctx.save();
    ctx.setLineDash([6 * px, 6 * px]);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.18)';
    ctx.beginPath();
    ctx.moveTo(me.x, me.y);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.restore();
  }
  ctx.beginPath();
  ctx.arc(x, y, 0.35, 0, Math.PI * 2);
  ctx.moveTo(x - 0.55, y); ctx.lineTo(x - 0.15, y);
  ctx.moveTo(x + 0.15, y); ctx.lineTo(x + 0.55, y);
  ctx.moveTo(x, y - 0.55); ctx.lineTo(x, y - 0.15);
  ctx.moveTo(x, y + 0.15); ctx.lineTo(x, y + 0.55);
  ctx.stroke();
}

/** The arena's kill feed in the upper right of the view, newest at the bottom. */
export function drawFeed(ctx, game) {
  const feed = game.snapshots.feed;
  if (!feed.length) return;
  const cam = game.camera;
  const name = (id) => (id === game.id ? 'you' : `#${id}`);
  ctx.font = '14px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  const x = cam.ox + cam.viewW * cam.s - 12;
  feed.forEach((k, i) => {
    const text = `${name(k.killer)} ✕ ${name(k.victim)}`;
    const y = cam.oy + 48 + i * 22;
    const w = ctx.measureText(text).width + 16;
    ctx.fillStyle = 'rgba(7, 8, 12, 0.6)';
    ctx.fillRect(x - w + 8, y - 3, w, 20);
    ctx.fillStyle = k.killer === game.id ? '#7dff9b' : k.victim === game.id ? '#ff5d73' : COLORS.text;
    ctx.fillText(text, x, y);
  });
}

/** For three seconds after a round is won: who won it. */
export function drawRoundBanner(ctx, game) {
  const r = game.snapshots.round;
  const tick = game.snapshots.latestTick();
  if (!r || !Number.isFinite(r.won_at) || tick === null || tick - r.won_at > game.tickHz * 3) return;
  const who = r.last_winner === game.id ? 'you win' : `#${r.last_winner} wins`;
  drawMessage(ctx, game, `${who} round ${r.number - 1}! round ${r.number}: first to ${r.target}`);
}

/** A short line in the upper middle of the view. */
export function drawMessage(ctx, game, text) {
  const cam = game.camera;
  const at = [cam.ox + (cam.viewW * cam.s) / 2, cam.oy + cam.viewH * cam.s * 0.22];
  textBox(ctx, text, at, { font: 'bold 28px system-ui, sans-serif', height: 48, pad: 40, color: COLORS.coin });
}

export function drawDebugText(ctx, game, now) {
  const me = game.me();
  const lines = [
    `tick ${game.snapshots.latestTick() ?? '–'}  (shown ${game.world ? game.world.tick.toFixed(1) : '–'})`,
    `snapshots ${game.snapshots.rate(now)}/s  ${(game.link.bytesPerSecond() / 1000).toFixed(1)} kB/s  tick_hz ${game.tickHz}`,
    `ping ${pingText(game.ping, game.pingJitter)}  others drawn ${Math.round(game.snapshots.delay)} ms back`,
    `scale ${game.camera.s.toFixed(2)} px/unit  dpr ${game.camera.dpr}`,
    me ? `me ${me.x.toFixed(2)}, ${me.y.toFixed(2)}  v ${me.vx.toFixed(2)}, ${me.vy.toFixed(2)}  ${game.mode === 'platformer' ? (me.grounded ? 'grounded' : 'air') : ''}` : 'me –',
    `input seq ${game.input.seq}  acknowledged ${game.snapshots.ack}`,
  ];
  ctx.font = '12px ui-monospace, Menlo, Consolas, monospace';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  const w = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 16;
  const x = 8, y = 40;
  ctx.fillStyle = 'rgba(7, 8, 12, 0.75)';
  ctx.fillRect(x, y, w, lines.length * 16 + 10);
  ctx.fillStyle = COLORS.text;
  lines.forEach((l, i) => ctx.fillText(l, x + 8, y + 5 + i * 16));
}

export function connectionText(conn) {
  switch (conn.state) {
    case 'connecting': return 'connecting…';
    case 'waiting': return 'connected, waiting for the server…';
    case 'playing': return 'connected';
    case 'retrying': {
      const s = Math.max(0, Math.ceil((conn.retryAt - performance.now()) / 1000));
      return `${conn.detail || 'disconnected'} — retrying in ${s} s`;
    }
    default: return conn.state;
  }
}

/** The coins and goal of a welcome, checked: {coins: [[x, y]...], coinRadius, goal: {min, max} | null}. */
export function courseOf(c) {
  if (!c || typeof c !== 'object') return null;
  const coins = (Array.isArray(c.coins) ? c.coins : []).filter(isPoint);
  const goal = c.goal && isPoint(c.goal.min) && isPoint(c.goal.max) ? { min: c.goal.min, max: c.goal.max } : null;
  const coinRadius = Number(c.coin_radius) > 0 ? Number(c.coin_radius) : 0.35;
  return coins.length || goal ? { coins, coinRadius, goal } : null;
}

/** The HUD's run, e.g. `3/8 coins · 12.4 s · best 10.21 s`. */
export function runText(run, course) {
  if (!run) return '–';
  const coins = `${(run.taken || []).length}/${course.coins.length} coins`;
  const time = `${Number(run.time || 0).toFixed(1)} s`;
  const best = Number.isFinite(run.best) ? ` · best ${run.best.toFixed(2)} s` : '';
  return `${coins} · ${time}${best}`;
}

/** The HUD's round trip, e.g. `12 ms ± 3`. */
export function pingText(ping, jitter) {
  if (ping === null) return '–';
  return `${Math.round(ping)} ms ± ${Math.round(jitter || 0)}`;
}

/** The scoreboard: best first, the own score marked, e.g. `you 3 · #4 1`. */
export function scoreboardText(scores, ownId, target) {
  if (!scores || !scores.length) return '–';
  const sorted = scores.slice().sort((a, b) => b.score - a.score || (a.id > b.id ? 1 : -1));
  const top = sorted.slice(0, 5);
  // Your own score is always there, after the leaders when you are not among them.
  const own = sorted.findIndex((s) => s.id === ownId);
  const shown = own >= 5 ? [...top, sorted[own]] : top;
  const text = shown
    .map((s) => `${s.id === ownId ? 'you' : `#${s.id}`} ${s.score}`)
    .join(' · ');
  return target ? `${text} (first to ${target})` : text;
}

export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
