// What a config node offers the operation nodes that use it (docs/behaviour.md sections 3, 5 and 8):
// `call()` gives one result per request, never a rejection. The service composes the parts,
// each with one job:
//   request-loop.ts  token, send, 10002 refresh, retries, back-off, rate-limit waits
//   camera.ts        per-camera queue and its bound, stop before start (moves.ts: moving state,
//                    timed moves)
//   card-guard.ts    the card-password lock after 60030
//   preset-names.ts  preset name <-> index
//   handover.ts      what a redeployed config node's successor takes over
//   live-addresses.ts the live addresses shared by every node and dashboard viewer
//   call-errors.ts   the errors they report

import type * as http from 'http';
import { performance } from 'perf_hooks';
import { CallErrors } from '../requests/call-failures';
import { CallRequest, CallResult, failedAt } from '../requests/call-types';
import { CameraController } from '../camera/camera';
import { CardGuard } from './card-guard';
import { account, CarriedState, identity, inherit } from './handover';
import { hooks } from '../clock/clock';
import type { Translate } from '../errors/translate';
import { PresetNames } from '../camera/preset-names';
import type { PresetStore } from '../camera/presets';
import { ConnectionSettings, RequestLoop } from '../requests/request-loop';
import type { TokenCache, TokenState } from '../requests/token';
import { EzvizError } from '../errors/errors';
import { NO_CODES, type CodeBook } from '../pictures/codes';
import { PictureDesk } from '../pictures/desk';
import { validateInput } from '../params/validate';
import { OPERATIONS } from '../operations/operations';
import { LiveAddresses, LiveOutcome, liveOutcome, SERVICE_OWNER } from './live-addresses';
import { VoiceFiles } from './voice-files';
import { SourceBook } from './source-book';
import { StreamBook } from './stream-book';
import { AlarmFeed, Feed, type ReadStatus } from './alarm-feed';

export interface ServiceOptions extends ConnectionSettings {
  /** Set when the config node's settings are invalid: every call fails locally with it. */
  configError?: string;
  t: Translate;
  presets?: PresetStore;
  warn(text: string): void;
  onTokenState?(state: TokenState): void;
  /** State of the previous service of this config node (see `carry()`). */
  carried?: CarriedState;
  /** The account's verification codes (the credential `verificationCodes`, pictures/codes.ts). */
  codes?: CodeBook;
  /** Internal hosts pictures may come from besides the base URL's (wire/picture-host.ts). */
  pictureHosts?: readonly string[];
}

export class EzvizService {
  readonly tokens: TokenCache;
  readonly loop: RequestLoop;
  private readonly errors: CallErrors;
  private readonly cameras: CameraController;
  private readonly cards: CardGuard;
  private readonly identity: string;
  private readonly account: string;
  /** The call counts came from the predecessor (the context store need not be read). */
  readonly countsInherited: boolean;
  /** What this config node last learnt of each camera's arming (a switch set, a device read):
   * the alarm node hints "camera disarmed" (docs/behaviour.md section 12). */
  readonly armed = new Map<string, boolean>();
  /** The shared live addresses (docs/behaviour.md section 13). */
  readonly live: LiveAddresses;
  /** The voice files this account uploaded (docs/behaviour.md section 19). */
  readonly voices: VoiceFiles;
  /** The account's verification codes (docs/behaviour.md section 17): secrets, never shown. */
  readonly codes: CodeBook;
  /** Picture downloads, decrypted, at most 2 at a time (docs/behaviour.md section 17). */
  readonly pictures: PictureDesk;
  /** The alarm sources using this config node and whether they are alive (the EZVIZ sidebar). */
  readonly sources = new SourceBook();
  /** The stream nodes using this config node and their minutes today (the EZVIZ sidebar). */
  readonly streams: StreamBook;
  /** The alarms its alarm sources received, told to open camera panels (alarm-feed.ts). */
  readonly alarmFeed = new AlarmFeed();
  /** What its ezviz-device reads found of batteries and SD cards (docs/behaviour.md section 27). */
  readonly statusFeed = new Feed<ReadStatus>();

  constructor(private readonly opts: ServiceOptions) {
    const { baseUrl, t } = opts;
    this.identity = identity(baseUrl, opts.appKey, opts.appSecret);
    this.account = account(baseUrl, opts.appKey);
    const carried = inherit(opts.carried, baseUrl, this.identity, this.account);
    this.errors = new CallErrors(t, baseUrl, opts.timeout, [opts.appSecret, opts.accessToken]);
    this.loop = new RequestLoop({ ...opts, errors: this.errors, token: carried.token });
    this.countsInherited = !!carried.counters;
    if (carried.counters) this.loop.counters.adopt(carried.counters, hooks.now());
    this.tokens = this.loop.tokens;
    this.cards = new CardGuard(t, this.errors, carried.cardLocks);
    const presets = new PresetNames(opts.presets, t, this.errors, opts.warn);
    this.cameras = new CameraController(this.loop, this.errors, t, presets, carried.moving);
    this.voices = new VoiceFiles(carried.voices);
    this.streams = carried.streams ?? new StreamBook();
    this.live = new LiveAddresses((spec, fields) => this.loop.send(spec, fields, undefined, true), t);
    this.codes = opts.codes ?? NO_CODES;
    this.pictures = new PictureDesk((u, max) => this.loop.download(u, max), t, opts.timeout, {
      baseUrl,
      more: opts.pictureHosts ?? [],
    });
  }

  /** The agent of a stream's own GET to `url` (a clip's playback, the stream node's source): the
   * config node's connections, through the proxy its API requests take (wire/agents.ts). */
  agentFor(url: URL): http.Agent {
    return this.loop.agentFor(url);
  }

  /** The config node's timeout (ms): one deadline per request or picture. */
  get timeout(): number {
    return this.opts.timeout;
  }

  /** The entry point of operation nodes: one request, its guards and its queue. */
  call(req: CallRequest): Promise<CallResult> {
    const { spec, fields } = req;
    if (this.opts.configError) {
      return Promise.resolve(
        failedAt(this.errors.local(spec.operation, 'INVALID_CONFIG', this.opts.configError), fields),
      );
    }
    if (!this.tokens.hasCredentials) {
      const error = this.errors.token('no-credentials');
      error.operation = spec.operation;
      return Promise.resolve(failedAt(error, fields));
    }
    if (spec.route === 'cards') return this.storageOpen(req);
    if (spec.route === 'live') return this.live.get(spec, fields, req.refresh);
    if (!spec.cameraQueue) return this.loop.send(spec, fields, req.owner, true, req.file);
    return this.cameras.call(req);
  }

  /** storage-open behind the card-password guard (never retried: it is not idempotent). */
  private async storageOpen(req: CallRequest): Promise<CallResult> {
    const serial = String(req.fields.deviceSerial);
    const refusal = this.cards.refusal(serial);
    if (refusal) return failedAt(refusal, req.fields);
    const result = await this.loop.send(req.spec, req.fields, req.owner, false);
    this.cards.record(serial, result);
    return result;
  }

  /**
   * A live or playback address through this config node's shared cache, for the dashboard panel
   * and any other code holding the config node (`RED.nodes.getNode(id).service`). `ask` takes
   * what ezviz-live reads from msg.payload: `{deviceSerial, channelNo?, protocol?, quality?,
   * expire?, source?, start?, end?, verificationCode?}` (names or API numbers); `refresh` asks
   * for a new address. Never rejects; an error is `{code, message, operation, source,
   * retriable}` as on a node's output 2 (no secret in it).
   */
  async liveAddress(ask: Readonly<Record<string, unknown>>, refresh = false): Promise<LiveOutcome> {
    const input = validateInput(this.opts.t, OPERATIONS.live, ask);
    if (input instanceof EzvizError) return { ok: false, error: input.toJSON() };
    const r = await this.call({ spec: OPERATIONS.live, fields: input.fields, owner: SERVICE_OWNER, refresh });
    return liveOutcome(r, this.errors, this.opts.t);
  }

  /** Stops at once every pending timed move (of one owner, or all), and those whose stop failed.
   * Resolves when sent or after `budgetMs` (by default the close budget, hooks.closeBudgetMs). */
  stopTimedMoves(ownerId?: string, budgetMs = hooks.closeBudgetMs): Promise<void> {
    return this.cameras.moves.stopTimed(ownerId, budgetMs);
  }

  /** Whether the config node believes the camera is moving (started, not yet stopped). */
  isMoving(deviceSerial: string, channelNo: number): boolean {
    return this.cameras.moves.has(`${deviceSerial}/${channelNo}`);
  }

  /** What a successor of this service (the same config node redeployed) takes over. */
  carry(): CarriedState {
    return {
      baseUrl: this.opts.baseUrl,
      identity: this.identity,
      account: this.account,
      cardLocks: this.cards.carry(),
      moving: this.cameras.moves.carry(),
      token: this.tokens.snapshot(),
      voices: this.voices.carry(),
      counters: this.loop.counters.carry(),
      streams: this.streams,
    };
  }

  /** Stops pending timed moves, then closes the connections: all within hooks.closeBudgetMs
   * (docs/behaviour.md section 8: a node closes within 10 s; Node-RED gives up after 15 s). */
  async close(): Promise<void> {
    this.loop.closing = true;
    this.live.close();
    const end = performance.now() + hooks.closeBudgetMs;
    const left = () => Math.max(0, end - performance.now());
    await this.stopTimedMoves(undefined, left());
    // Camera requests still on their way, then the stops they left: only then the connections close.
    await this.cameras.settle(left);
    this.loop.close();
  }
}
