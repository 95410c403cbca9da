// glissade web client: Input: keyboard, pointer, touch controls and gamepads -> input messages.

import { GAMEPAD_AIM, INPUT_BURST_GAP_MS, INPUT_KEEPALIVE_MS, INPUT_MIN_GAP_MS, PROTOCOL, STICK_DEAD, round3 } from './common.js';

export const KEYS = {
  ArrowLeft: 'left', KeyA: 'left',
  ArrowRight: 'right', KeyD: 'right',
  ArrowUp: 'up', KeyW: 'up',
  ArrowDown: 'down', KeyS: 'down',
  Space: 'jump',
  KeyX: 'dash', KeyK: 'dash',
};

export class Input {
  constructor(camera) {
    this.camera = camera;
    this.mode = 'platformer';
    this.held = new Set(); // codes of held keys
    this.pointer = null; // last pointer position over the canvas, CSS px
    this.buttonDown = false;
    this.fireUntil = 0;
    this.seq = 0;
    this.lastSent = null; // the last message sent (JSON text without seq, to compare)
    this.lastSentAt = -Infinity;
    this.lastMessage = null;
    this.pendingUrgent = false;
    // Keys held by the touch controls and by a gamepad (merged with the keyboard's).
    this.touch = {};
    this.pad = {};
    this.padAim = null; // a world point a gamepad aims at, with fire held: {aim, fire}
    this.atLadder = false; // your player climbs or touches a ladder (set every frame)
  }

  clear() {
    this.held.clear();
    this.touch = {};
    this.buttonDown = false;
    this.fireUntil = 0;
  }

  key(code, down) {
    if (!(code in KEYS)) return false;
    if (down) this.held.add(code);
    else this.held.delete(code);
    return true;
  }

  /** The input as the protocol wants it, now. */
  current(now) {
    const on = (name) => !!this.touch[name] || !!this.pad[name] || [...this.held].some((code) => KEYS[code] === name);
    // In the platformer, up (arrow or W) jumps as space does, except at a ladder, where it
    // climbs (a jump press there would jump off it, or jump instead of starting a climb).
    const jump = on('jump') || (this.mode === 'platformer' && on('up') && !this.atLadder);
    const msg = { left: on('left'), right: on('right'), up: on('up'), down: on('down'), jump, dash: on('dash'), fire: false, aim: null, drag: null };
    const world = this.pointer && this.camera.inView(this.pointer[0], this.pointer[1])
      ? this.camera.screenToWorld(this.pointer[0], this.pointer[1]).map(round3)
      : null;
    if (this.mode === 'arena') {
      msg.fire = this.buttonDown || now < this.fireUntil;
      msg.aim = world;
      if (this.padAim) {
        msg.aim = this.padAim.aim.map(round3);
        msg.fire = msg.fire || this.padAim.fire;
      }
    } else if (this.mode === 'sandbox' && this.buttonDown && this.pointer) {
      // A drag holds on even over a letterbox bar: the point there is still a world point.
      msg.drag = this.camera.screenToWorld(this.pointer[0], this.pointer[1]).map(round3);
    }
    return msg;
  }

  /**
   * The message to send now, or null. `urgent` is a discrete change (key, button): sent at
   * once unless the last send was under INPUT_BURST_GAP_MS ago; other changes (aim, drag,
   * which move with the pointer and the camera) wait INPUT_MIN_GAP_MS; an unchanged input is
   * repeated every INPUT_KEEPALIVE_MS.
   */
  poll(now, urgent) {
    const body = this.current(now);
    const text = JSON.stringify(body);
    const since = now - this.lastSentAt;
    const changed = text !== this.lastSent;
    const discrete = urgent || this.pendingUrgent; // a held-back key change keeps its priority
    const due = (changed && since >= (discrete ? INPUT_BURST_GAP_MS : INPUT_MIN_GAP_MS)) || since >= INPUT_KEEPALIVE_MS;
    if (!due) {
      if (urgent && changed) this.pendingUrgent = true;
      return null;
    }
    this.pendingUrgent = false;
    this.seq += 1;
    this.lastSent = text;
    this.lastSentAt = now;
    this.lastMessage = { v: PROTOCOL, type: 'input', seq: this.seq, ...body };
    return this.lastMessage;
  }

  /** Forget what was sent (a new connection must be told the whole input again). */
  resetSent() {
    this.lastSent = null;
    this.lastSentAt = -Infinity;
  }
}

export class TouchControls {
  /** Builds the controls in `root` (hidden until a touch is seen); `onChange` after each change. */
  constructor(root, input, onChange) {
    this.root = root;
    this.input = input;
    this.onChange = onChange;
    this.stickId = null;
    if (!root) return;
    this.stick = root.querySelector('.stick');
    this.knob = root.querySelector('.knob');
    this.stick.addEventListener('pointerdown', (e) => this.stickMove(e, true));
    this.stick.addEventListener('pointermove', (e) => this.stickMove(e, false));
    for (const ev of ['pointerup', 'pointercancel']) this.stick.addEventListener(ev, (e) => this.stickEnd(e));
    for (const b of root.querySelectorAll('[data-key]')) {
      const key = b.dataset.key;
      const set = (on) => (e) => {
        e.preventDefault();
        this.input.touch[key] = on;
        b.classList.toggle('down', on);
        this.onChange();
      };
      b.addEventListener('pointerdown', (e) => { try { b.setPointerCapture(e.pointerId); } catch { /* fine */ } set(true)(e); });
      b.addEventListener('pointerup', set(false));
      b.addEventListener('pointercancel', set(false));
    }
    window.addEventListener('pointerdown', (e) => { if (e.pointerType === 'touch') this.show(true); }, { capture: true });
    if (window.matchMedia && window.matchMedia('(pointer: coarse)').matches) this.show(true);
  }

  show(on) {
    if (this.root && this.root.hidden === on) this.root.hidden = !on;
  }

  /** The mode's buttons: jump and dash in the platformer, none top-down. */
  setMode(mode) {
    if (!this.root) return;
    for (const b of this.root.querySelectorAll('[data-key]')) b.hidden = mode !== 'platformer';
  }

  stickMove(e, start) {
    if (start) {
      this.stickId = e.pointerId;
      try { this.stick.setPointerCapture(e.pointerId); } catch { /* fine */ }
    }
    if (e.pointerId !== this.stickId) return;
    e.preventDefault();
    const r = this.stick.getBoundingClientRect();
    const reach = r.width / 2;
    let dx = (e.clientX - (r.left + reach)) / reach;
    let dy = (e.clientY - (r.top + reach)) / reach;
    const len = Math.hypot(dx, dy);
    if (len > 1) { dx /= len; dy /= len; }
    this.knob.style.transform = `translate(${dx * reach * 0.6}px, ${dy * reach * 0.6}px)`;
    const t = this.input.touch;
    t.left = dx < -STICK_DEAD;
    t.right = dx > STICK_DEAD;
    t.up = dy < -STICK_DEAD;
    t.down = dy > STICK_DEAD;
    this.onChange();
  }

  stickEnd(e) {
    if (e.pointerId !== this.stickId) return;
    this.stickId = null;
    this.knob.style.transform = '';
    Object.assign(this.input.touch, { left: false, right: false, up: false, down: false });
    this.onChange();
  }
}

/**
 * A gamepad (the standard mapping): the left stick or the d-pad move, A jumps, B or X dashes;
 * in the arena the right stick aims and the right trigger (or right shoulder) fires. Read
 * every frame; returns whether what it holds changed.
 */
export function readGamepad(input, me) {
  const pads = navigator.getGamepads ? [...navigator.getGamepads()].filter(Boolean) : [];
  const pad = pads[0];
  const before = JSON.stringify([input.pad, input.padAim]);
  if (!pad) {
    input.pad = {};
    input.padAim = null;
  } else {
    const b = (i) => !!(pad.buttons[i] && pad.buttons[i].pressed);
    const ax = (i) => Number(pad.axes[i]) || 0;
    input.pad = {
      left: ax(0) < -STICK_DEAD || b(14),
      right: ax(0) > STICK_DEAD || b(15),
      up: ax(1) < -STICK_DEAD || b(12),
      down: ax(1) > STICK_DEAD || b(13),
      jump: b(0),
      dash: b(1) || b(2),
    };
    const rx = ax(2), ry = ax(3);
    const fire = b(7) || b(5);
    input.padAim = me && (Math.hypot(rx, ry) > STICK_DEAD || fire)
      ? { aim: [me.x + rx * GAMEPAD_AIM, me.y - ry * GAMEPAD_AIM], fire }
      : null;
  }
  return JSON.stringify([input.pad, input.padAim]) !== before;
}
