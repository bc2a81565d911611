// The live state (SimulatorState): the normalized data plus what is kept in memory only
// (pictures handed out, capture counts), with load and reset.

import type { Clock } from '../clock';
import { SystemClock } from '../clock';
import type { Account, Alarm, AppKey, Card, Settings, StateData, StateInput, Token, User } from './types';
import type { Device } from './device-types';
import { normalizeState } from './normalize';
import { loadDefaultState } from './default';

const deepCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The live state. One instance may be shared by several simulators (areaDomain tests):
 * `startSimulator({state: sim1.state})`. Tests may read and change its fields directly.
 */
export class SimulatorState implements StateData {
  settings!: Settings;
  accounts!: Record<string, Account>;
  appKeys!: Record<string, AppKey>;
  tokens!: Record<string, Token>;
  users!: Record<string, User>;
  devices!: Record<string, Device>;
  cards!: Record<string, Card>;
  alarms!: Alarm[];
  /** Pictures handed out by device/capture (not part of the saved state): id -> when it was
   * taken, of which camera, and until when it is served. */
  pictures: Map<string, { deviceSerial: string; channelNo: number; time: number; expireTime: number; code?: string }> =
    new Map();
  /** Captures per account and day (not part of the saved state). */
  captureCounts: Map<string, { day: number; count: number }> = new Map();
  /** Time of the last capture per "serial/channel" (not part of the saved state). */
  lastCaptures: Map<string, number> = new Map();
  /** The clock used to resolve relative times when loading (and on reset). */
  readonly clock: Clock;
  private initial: StateInput;

  constructor(input: StateInput = loadDefaultState(), clock: Clock = new SystemClock()) {
    this.clock = clock;
    this.initial = deepCopy(input);
    this.apply(normalizeState(this.initial, clock.now()));
  }

  /** Replaces the whole state in place (shared holders see it) and makes it the reset point. */
  load(input: StateInput): void {
    const copy = deepCopy(input);
    this.apply(normalizeState(copy, this.clock.now()));
    this.initial = copy;
  }

  /** Back to the state given at start (or to the last `load`), relative times from now. */
  reset(): void {
    this.apply(normalizeState(this.initial, this.clock.now()));
  }

  toJSON(): StateData {
    return {
      settings: this.settings,
      accounts: this.accounts,
      appKeys: this.appKeys,
      tokens: this.tokens,
      users: this.users,
      devices: this.devices,
      cards: this.cards,
      alarms: this.alarms,
    };
  }

  private apply(d: StateData): void {
    this.settings = d.settings;
    this.accounts = d.accounts;
    this.appKeys = d.appKeys;
    this.tokens = d.tokens;
    this.users = d.users;
    this.devices = d.devices;
    this.cards = d.cards;
    this.alarms = d.alarms;
    this.pictures = new Map();
    this.captureCounts = new Map();
    this.lastCaptures = new Map();
  }
}
