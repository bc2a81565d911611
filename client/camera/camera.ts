// The camera controller of a config node (docs/behaviour.md sections 5, 8 and 21): PTZ and preset
// requests for one device and channel run one at a time in arrival order (a stop never overtakes
// its start); the camera's other queued calls (captures 4 s apart, switch writes 2 s apart) wait
// in a lane of their own, so a stop never waits behind one; at most MAX_WAITING wait per lane,
// preset names are completed inside the queue, and the moving state (moves.ts) decides which
// stops go out.

import type { CallErrors } from '../requests/call-failures';
import { CallRequest, CallResult, failedAt, Fields } from '../requests/call-types';
import type { Translate } from '../errors/translate';
import { Moves, withinBudget } from './moves';
import type { PresetNames } from './preset-names';
import { KeyedQueue, MAX_WAITING } from './queue';
import type { RequestLoop } from '../requests/request-loop';
import { cameraKey } from '../requests/spacing';
import type { CallSpec } from '../operations/operations';

/** The queue key of a call: its camera's key for PTZ and preset calls (the key moves.ts queues
 * timed stops under), the camera's key and "stop" for the siren's stop (a lane of its own: it
 * waits behind nothing queued), the camera's key and "spaced" for the others (the operation
 * table's `ptzOrder` and `lane` flags say which). */
export function laneKey(spec: Pick<CallSpec, 'ptzOrder' | 'queueBy' | 'lane'>, fields: Fields): string {
  const key = cameraKey(spec, fields);
  if (spec.lane === 'stop') return `${key} stop`;
  return spec.ptzOrder ? key : `${key} spaced`;
}

export class CameraController {
  private readonly queue = new KeyedQueue();
  readonly moves: Moves;
  /** Camera-queue calls not yet answered (close waits for them). */
  private readonly inFlight = new Set<Promise<CallResult>>();
  /** Per camera, how many stops of the stop lane were queued (a start waiting behind one is ended). */
  private readonly stops = new Map<string, number>();

  constructor(
    private readonly loop: RequestLoop,
    private readonly errors: CallErrors,
    private readonly t: Translate,
    private readonly presets: PresetNames,
    moving?: ReadonlyMap<string, Fields>,
  ) {
    this.moves = new Moves(this.queue, loop, moving);
  }

  /** Queues one request behind the others of its camera's lane, or refuses it when that is full. */
  call(req: CallRequest): Promise<CallResult> {
    const { fields } = req;
    const key = cameraKey(req.spec, fields);
    const lane = laneKey(req.spec, fields);
    if (this.queue.waiting(lane) >= MAX_WAITING) {
      // Bounded queues (docs/behaviour.md section 8): nothing is sent; the same message later may succeed.
      return Promise.resolve(
        failedAt(
          this.errors.local(
            req.spec.operation,
            'QUEUE_FULL',
            this.t('errors.queueFull', { camera: key, max: MAX_WAITING }),
            true,
          ),
          fields,
        ),
      );
    }
    if (req.spec.lane === 'stop') this.stops.set(key, (this.stops.get(key) ?? 0) + 1);
    const stopsBefore = this.stops.get(key) ?? 0;
    const task = this.queue.run(lane, () => this.run(key, req, stopsBefore));
    this.inFlight.add(task);
    const done = () => this.inFlight.delete(task);
    task.then(done, done);
    return task;
  }

  /** One PTZ or preset request, its turn come. */
  private async run(key: string, req: CallRequest, stopsBefore: number): Promise<CallResult> {
    if (req.owner.closed) return { kind: 'closed' };
    const { spec, fields } = req;
    if (spec.endedByStop && (this.stops.get(key) ?? 0) !== stopsBefore) {
      // docs/behaviour.md section 24: a siren start still waiting when a stop was queued never sounds.
      const error = this.errors.local(spec.operation, 'STOPPED', this.t('errors.stoppedBeforeSent', { camera: key }));
      return failedAt(error, fields);
    }
    if (this.presets.needsLookup(spec, fields, req.presetName)) {
      const found = await this.presets.lookup(spec.operation, fields, req.presetName);
      if (typeof found !== 'number') return failedAt(found, fields);
      fields.index = found;
    }
    if (spec.motion === 'stop') return this.moves.stop(key, req);
    if ((spec.motion === 'start' || spec.motion === 'move') && this.moves.has(key)) {
      // docs/api/open-api.md section 3, PTZ rule: a running movement is stopped before the next one.
      const failed = await this.moves.stopFirst(key, req.owner);
      if (failed) return { ...failed, fields };
    }
    // At most one capture per camera per 4 s (docs/behaviour.md section 11), one switch write per device per 2 s
    // (s12): a faster one waits its turn here.
    if (spec.spacingMs && !(await this.loop.spaced(spec, fields, req.owner))) return { kind: 'closed' };
    const result = await this.loop.send(spec, fields, req.owner, true);
    if (spec.motion === 'start') this.moves.started(key, req, result);
    else if (result.kind === 'ok') await this.presets.update(spec, result, req.presetName);
    return result;
  }

  /** Close: waits (within `left()`) for camera requests still on their way (a start answered now
   * is stopped at once), then for the stops they left. */
  async settle(left: () => number): Promise<void> {
    if (this.inFlight.size && left() > 0) {
      await withinBudget(
        Promise.all([...this.inFlight]).then(() => this.moves.stopTimed(undefined, left())),
        left(),
      );
    }
  }
}
