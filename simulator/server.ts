// The simulator's HTTP server: node:http (or node:https) and a tiny router. API paths come from
// the simulator's own route table (routes.ts, answered by api.ts through the areas' handlers);
// the areas' own paths (pictures under /sim-pictures/) by their `served` entries; the admin
// endpoint (admin.ts) lives under /sim/, which no API path uses (the router: router.ts).

import * as http from 'http';
import * as https from 'https';
import type { AddressInfo, Socket } from 'net';
import type { ServerContext } from './area';
import { SERVED } from './areas';
import { alarmItem, raiseAlarm } from './areas/alarms';
import type { AlarmInput } from './areas/alarms';
import { closeMessages } from './areas/mq';
import { liveState } from './areas/stream';
import type { Clock } from './clock';
import { SystemClock } from './clock';
import { FaultList } from './faults';
import type { Fault, FaultSpec } from './faults';
import { RequestLog } from './request-log';
import type { LogEntry, LogFilter } from './request-log';
import { router } from './router';
import { SimulatorState, readStateFile } from './state';
import type { StateInput } from './state';

export { API_PATHS } from './routes';
export { MAX_BODY_BYTES } from './io';
export { maskFields } from './request-log';
export type { LogEntry, LogFilter } from './request-log';
export type { Fault, FaultKind, FaultSpec } from './faults';
export type { AlarmInput } from './areas/alarms';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** A live state (shared with another simulator), a state JSON object, or a JSON file path. */
  state?: SimulatorState | StateInput | string;
  clock?: Clock;
  /** Added to every API reply (ms, wall-clock). */
  latencyMs?: number;
  /** Entries the request log keeps (newest; default 10000). */
  logLimit?: number;
  /** End every FLV session after this many seconds (0 or absent: never; POST /sim/stream too). */
  streamCap?: number;
  /** Tests: told of every API request a latency fault holds back, with the fault's delay, when the
   * hold begins (a client's deadline shorter than it can then end at once). */
  onHeld?: (req: http.IncomingMessage, ms: number) => void;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export interface Simulator {
  url: string;
  port: number;
  state: SimulatorState;
  clock: Clock;
  requestLog(filter?: LogFilter): LogEntry[];
  clearLog(): void;
  injectFault(f: FaultSpec): Fault;
  clearFaults(): void;
  /** Raises an alarm now (input as POST /sim/alarm); returns it as alarm/list lists it. */
  raiseAlarm(input: AlarmInput): Record<string, unknown>;
  faults(): Fault[];
  readonly connectionsOpened: number;
  /** Replies held back by latency (`latencyMs`, latency faults) not yet sent: their requests are
   * logged when they go out, so a test waits for 0 instead of a fixed time. */
  readonly delayedReplies: number;
  close(): Promise<void>;
}

function resolveState(s: SimulatorOptions['state'], clock: Clock): SimulatorState {
  if (s instanceof SimulatorState) return s;
  if (typeof s === 'string') return new SimulatorState(readStateFile(s), clock);
  if (s === undefined) return new SimulatorState(undefined, clock);
  return new SimulatorState(s, clock);
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const clock: Clock = opts.clock ?? (opts.state instanceof SimulatorState ? opts.state.clock : new SystemClock());
  const state = resolveState(opts.state, clock);
  if (opts.streamCap !== undefined) liveState(state).streamCap = Math.max(0, Math.floor(Number(opts.streamCap) || 0));
  const host = opts.host ?? '127.0.0.1';
  const scheme = opts.tls ? 'https' : 'http';
  const log = new RequestLog(opts.logLimit);
  const faults = new FaultList(SERVED);
  let connectionsOpened = 0;
  let closing = false;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  const ctx: ServerContext = {
    state,
    clock,
    scheme,
    host,
    log,
    faults,
    latencyMs: Math.max(0, Number(opts.latencyMs ?? 0) || 0),
    url: () => url,
    publicOrigin: (req) => {
      const h = String(req.headers.host ?? '');
      return /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/.test(h) ? `${scheme}://${h}` : url;
    },
    wait: (ms) =>
      new Promise((resolve) => {
        if (ms <= 0) {
          resolve();
          return;
        }
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      }),
    closing: () => closing,
    held: opts.onHeld,
  };

  const handler = router(ctx);
  const server: http.Server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, handler)
    : http.createServer(handler);
  server.on('connection', (socket: Socket) => {
    connectionsOpened += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_err: Error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  url = `${scheme}://${urlHost}:${port}`;

  let closed: Promise<void> | undefined;
  const sim: Simulator = {
    url,
    port,
    state,
    clock,
    requestLog: (filter?: LogFilter): LogEntry[] => log.entries(filter),
    clearLog: (): void => log.clear(),
    injectFault: (spec: FaultSpec): Fault => faults.inject(spec),
    clearFaults: (): void => faults.clear(),
    raiseAlarm: (input: AlarmInput): Record<string, unknown> =>
      alarmItem(state, raiseAlarm(state, input, clock.now(), url), url),
    faults: (): Fault[] => faults.list(),
    get connectionsOpened(): number {
      return connectionsOpened;
    },
    get delayedReplies(): number {
      return timers.size;
    },
    close(): Promise<void> {
      if (!closed) {
        closing = true;
        closeMessages(state);
        closed = new Promise<void>((resolve) => {
          for (const t of timers) clearTimeout(t);
          timers.clear();
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        });
      }
      return closed;
    },
  };
  return sim;
}
