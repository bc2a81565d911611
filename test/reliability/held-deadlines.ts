// Latency faults past the timeout, ended on the runtime's clock (hooks.deadline): a request the
// simulator holds back longer than the client's deadline is cut off by that deadline whatever
// happens, so the deadline is fired as soon as the simulator holds the request (its `onHeld`)
// instead of after the timeout's wall time. The outcome is the same (ETIMEDOUT, the request sent;
// the late reply still goes out and is logged when its delay ends); every other request keeps its
// real deadline, so a busy event loop can still make one time out as before.

import type http from 'http';
import type { Socket } from 'net';
import { defaultHooks, hooks } from '../../client/clock/clock';

interface Live {
  fire(): void;
  ms: number;
  socket: Socket | undefined;
}

const live = new Set<Live>();
let fired = 0;

/** The simulator's `onHeld`: fires the deadline of the held request when the hold outlasts it. */
export function endHeldDeadline(req: http.IncomingMessage, ms: number): void {
  const port = req.socket.remotePort;
  for (const d of live) {
    if (d.socket?.localPort !== port || d.ms >= ms) continue;
    fired++;
    d.fire();
    return;
  }
}

/** Requests' deadlines from now on: real ones that endHeldDeadline can fire early; returns how many it fired. */
export function heldDeadlines(): { fired(): number } {
  live.clear();
  fired = 0;
  hooks.deadline = (fn, ms, socket) => {
    const d: Live = {
      ms,
      socket,
      fire: () => {
        cancel();
        fn();
      },
    };
    const real = defaultHooks.deadline(() => d.fire(), ms);
    const cancel = () => {
      live.delete(d);
      real();
    };
    live.add(d);
    return cancel;
  };
  return { fired: () => fired };
}
