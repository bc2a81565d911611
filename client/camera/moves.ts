// The moving state of the cameras of one config node (docs/behaviour.md sections 5 and 8): a camera is
// moving from a start (or a start whose outcome is unknown) until a stop succeeds; a start or a
// preset-call on a moving camera sends a stop first (docs/api/open-api.md section 3, PTZ rule); a timed move gets
// its stop from here, through the camera's queue, when its time is up or its node closes.

import { performance } from 'perf_hooks';
import type { Answered, CallRequest, Fields, Owner } from '../requests/call-types';
import type { EzvizError } from '../errors/errors';
import { hooks } from '../clock/clock';
import { OPERATIONS } from '../operations/operations';
import type { KeyedQueue } from './queue';
import type { RequestLoop } from '../requests/request-loop';

const STOP = OPERATIONS['ptz-stop'];

interface Move {
  key: string;
  /** Started with a duration: close stops it. */
  timed?: boolean;
  /** A stop of this move failed: the camera is still taken to be moving. */
  stopFailed?: boolean;
  /** deviceSerial, channelNo and the start's direction: what the stop sends. */
  stopFields: Fields;
  owner: Owner;
  origin: unknown;
  /** Cancels the pending timed stop (hooks.timer: tests drive it with a fake clock). */
  timer?: () => void;
  stopping?: Promise<void>;
}

/** The owner of a move nobody reports on (carried over from a previous service, or marked after a
 * failed explicit stop). */
const NO_OWNER: Owner = Object.freeze({ id: '', closed: false, timedStopDone: () => undefined });

/** A ptz-start error after which the camera may be moving: the request may have been carried out. */
function mayHaveActed(error: EzvizError): boolean {
  return (error.source === 'network' || error.source === 'http') && !error.retriable;
}

/** Resolves when `p` settles or after `ms`, whichever comes first (never rejects). */
export function withinBudget(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([p.then(noop, noop), cap]).finally(() => clearTimeout(timer));
}

function noop(): void {
  /* settled */
}

function cancelTimer(move: Move): void {
  if (move.timer) {
    move.timer();
    move.timer = undefined;
  }
}

export class Moves {
  /** "SERIAL/channel" -> the move under way. */
  private readonly moves = new Map<string, Move>();

  constructor(
    private readonly queue: KeyedQueue,
    private readonly loop: RequestLoop,
    carried?: ReadonlyMap<string, Fields>,
  ) {
    for (const [key, stopFields] of carried ?? []) {
      this.moves.set(key, { key, stopFields: { ...stopFields }, owner: NO_OWNER, origin: undefined });
    }
  }

  has(key: string): boolean {
    return this.moves.has(key);
  }

  /** Before a ptz-start or preset-call: stops the camera when it is moving. The failed stop's
   * result when it did not succeed (the camera stays marked), else undefined. */
  async stopFirst(key: string, owner: Owner): Promise<Answered | undefined> {
    const move = this.moves.get(key);
    if (!move) return undefined;
    cancelTimer(move);
    const stop = await this.loop.send(STOP, move.stopFields, owner, true);
    if (stop.kind === 'error') {
      move.stopFailed = true;
      return stop;
    }
    if (this.moves.get(key) === move) this.moves.delete(key);
    return undefined;
  }

  /** Sends an explicit ptz-stop (always sent; only its success ends the move). */
  async stop(key: string, req: CallRequest): Promise<Answered> {
    const fields = req.fields;
    const move = this.moves.get(key);
    if (move) {
      cancelTimer(move);
      if (fields.direction === undefined && move.stopFields.direction !== undefined)
        fields.direction = move.stopFields.direction;
    }
    const result = await this.loop.send(req.spec, fields, req.owner, true);
    if (result.kind === 'ok') {
      if (move && this.moves.get(key) === move) this.moves.delete(key);
    } else if (move) {
      move.stopFailed = true;
    } else if (
      !this.moves.has(key) &&
      (result.error.retriable || result.error.source === 'network' || result.error.source === 'http')
    ) {
      // Someone wants this camera stopped and the stop did not arrive (a refusal such as
      // "no such channel" says the camera is as it was): it may be moving.
      // Its stop names no direction: none is known to be running.
      this.moves.set(key, {
        key,
        stopFields: { deviceSerial: fields.deviceSerial, channelNo: fields.channelNo },
        owner: NO_OWNER,
        origin: undefined,
        stopFailed: true,
      });
    }
    return result;
  }

  /** After a ptz-start: a start that succeeded, or whose outcome is unknown (timed out, dropped,
   * 5xx, a bad reply), may have moved the camera: it is taken to be moving, and a timed one gets
   * its stop. */
  started(key: string, req: CallRequest, result: Answered): void {
    if (result.kind === 'error' && !mayHaveActed(result.error)) return;
    const { fields, duration } = req;
    const stopFields: Fields = {
      deviceSerial: fields.deviceSerial,
      channelNo: fields.channelNo,
      direction: fields.direction,
    };
    const move: Move = { key, stopFields, owner: req.owner, origin: req.origin, timed: !!(duration && duration > 0) };
    this.moves.set(key, move);
    if (!duration || duration <= 0) return;
    if (req.owner.closed || this.loop.closing) {
      // The node or its config node closed while the start was on its way: the pending timed
      // moves have been stopped already, so this one is stopped at once.
      void this.timedStop(move);
      return;
    }
    // The move lasts `duration` from when the start was sent: the stop is sent that long after
    // the start request, not after its reply (both take the same way to the camera).
    const sentAt = result.kind === 'ok' ? result.sentAt : undefined;
    const wait = Math.max(0, duration - (performance.now() - (sentAt ?? performance.now())));
    move.timer = hooks.timer(() => {
      move.timer = undefined;
      void this.timedStop(move);
    }, wait);
  }

  /** Sends the stop of a timed move through the camera's queue (once, however often asked). */
  private timedStop(move: Move): Promise<void> {
    cancelTimer(move);
    if (!move.stopping) {
      move.stopping = this.queue.run(move.key, async () => {
        if (this.moves.get(move.key) !== move) return; // stopped or replaced meanwhile
        const result = await this.loop.send(STOP, move.stopFields, undefined, !this.loop.closing);
        if (result.kind === 'ok') {
          if (this.moves.get(move.key) === move) this.moves.delete(move.key);
        } else {
          move.stopFailed = true; // still moving: the next start sends a stop first
        }
        move.stopping = undefined;
        try {
          move.owner.timedStopDone(result.kind === 'error' ? result.error : undefined, move.stopFields, move.origin);
        } catch {
          /* a reporting failure must not break the queue */
        }
      });
    }
    return move.stopping;
  }

  /** Stops at once every pending timed move (of one owner, or all), and those whose stop failed.
   * Resolves when sent or after `budgetMs` (by default the close budget, hooks.closeBudgetMs). */
  stopTimed(ownerId?: string, budgetMs = hooks.closeBudgetMs): Promise<void> {
    this.loop.wake(ownerId);
    const stops: Promise<void>[] = [];
    for (const move of this.moves.values()) {
      if (
        (ownerId === undefined || move.owner.id === ownerId) &&
        (move.timer || move.stopping || (move.timed && move.stopFailed))
      ) {
        stops.push(this.timedStop(move));
      }
    }
    if (!stops.length) return Promise.resolve();
    return withinBudget(Promise.all(stops), budgetMs);
  }

  /** The stop of every camera taken to be moving, for a successor. */
  carry(): Map<string, Fields> {
    return new Map([...this.moves].map(([key, move]) => [key, { ...move.stopFields }]));
  }
}
