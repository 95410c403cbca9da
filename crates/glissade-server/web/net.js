// glissade web client: The connection to the server, with reconnect and backoff.

import { BACKOFF_MS } from './common.js';
import { SnapshotReader } from './wire.js';

export class Connection {
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers; // {onState(state, detail), onMessage(msg), onOpen()}
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.retryAt = 0;
    this.lastBye = '';
    this.reader = new SnapshotReader();
    this.bytesIn = []; // [local ms, bytes] of the last second's messages
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    this.handlers.onState('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.scheduleRetry(String(err && err.message ? err.message : err));
      return;
    }
    this.ws = ws;
    ws.binaryType = 'arraybuffer';
    this.reader.reset();
    ws.onopen = () => {
      this.handlers.onState('waiting');
      this.handlers.onOpen();
    };
    ws.onmessage = (ev) => {
      let msg;
      if (typeof ev.data === 'string') {
        this.count(ev.data.length);
        try { msg = JSON.parse(ev.data); } catch { return; } // not ours: ignore quietly
      } else if (ev.data instanceof ArrayBuffer) {
        this.count(ev.data.byteLength);
        msg = this.reader.read(ev.data); // a snapshot (null: unreadable, ignored)
      }
      if (!msg || typeof msg !== 'object') return;
      if (msg.type === 'bye') this.lastBye = String(msg.reason || '');
      this.handlers.onMessage(msg);
    };
    // The close event follows an error event; only the close one acts.
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const reason = this.lastBye || ev.reason || (ev.code === 1000 ? 'closed' : `closed (${ev.code})`);
      this.lastBye = '';
      this.scheduleRetry(reason);
    };
  }

  count(bytes) {
    const now = performance.now();
    this.bytesIn.push([now, bytes]);
    while (this.bytesIn.length && this.bytesIn[0][0] < now - 1000) this.bytesIn.shift();
  }

  /** Bytes of messages received in the last second (the WebSocket's payloads). */
  bytesPerSecond() {
    const now = performance.now();
    while (this.bytesIn.length && this.bytesIn[0][0] < now - 1000) this.bytesIn.shift();
    return this.bytesIn.reduce((sum, [, b]) => sum + b, 0);
  }

  /** Called once a welcome arrived: the connection works, so the backoff starts over. */
  healthy() { this.attempt = 0; }

  scheduleRetry(reason) {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = base * (0.8 + Math.random() * 0.4); // jitter: clients don't come back in step
    this.attempt += 1;
    this.retryAt = performance.now() + delay;
    this.handlers.onState('retrying', reason);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  isOpen() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }
}

export function socketUrl() {
  // `?ws=<url>` overrides the endpoint (handy to point a page at another server).
  const override = new URLSearchParams(location.search).get('ws');
  if (override) return override;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}
