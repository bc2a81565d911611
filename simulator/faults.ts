// Fault injection: faults waiting for matching requests (latency, an error code, HTTP 500, a
// non-JSON body, a dropped connection), taken one request at a time, and the replies they send.

import type * as http from 'http';
import { API_PATHS, routeFor } from './routes';

export type FaultKind = 'latency' | '20008' | '49999' | 'http500' | 'nonjson' | 'drop' | 'code';

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it affects (default 1). */
  count?: number;
  /** Only requests to this API path (default: every API path). */
  path?: string;
  /** Delay for `latency` (ms). */
  ms?: number;
  /** Reply code for kind `code` (e.g. "10029"). */
  code?: string;
}

export interface Fault {
  id: number;
  kind: FaultKind;
  remaining: number;
  path?: string;
  ms?: number;
  code?: string;
}

const FAULT_KINDS: readonly FaultKind[] = ['latency', '20008', '49999', 'http500', 'nonjson', 'drop', 'code'];

/** A path prefix served outside the API (area.ts ServedPath) and the fault kinds it takes. */
export interface FaultablePrefix {
  prefix: string;
  faultKinds: readonly string[];
}

export class FaultList {
  private faults: Fault[] = [];
  private nextId = 1;

  /** `prefixes`: the served paths a fault may name besides the API paths. */
  constructor(private readonly prefixes: readonly FaultablePrefix[]) {}

  /** Checks a fault (from a test or POST /sim/faults); throws naming what is wrong. */
  validate(f: unknown): FaultSpec {
    if (typeof f !== 'object' || f === null) throw new Error('fault must be an object');
    const o = f as Record<string, unknown>;
    const kind = String(o.kind) as FaultKind;
    if (!FAULT_KINDS.includes(kind)) throw new Error(`fault kind must be one of ${FAULT_KINDS.join(', ')}`);
    const count = o.count === undefined ? 1 : Number(o.count);
    if (!Number.isInteger(count) || count < 1) throw new Error('fault count must be an integer >= 1');
    const served = this.prefixes.find((p) => p.prefix === o.path);
    if (o.path !== undefined && (typeof o.path !== 'string' || (!routeFor(o.path) && !served))) {
      throw new Error(`fault path must be one of ${[...API_PATHS, ...this.prefixes.map((p) => p.prefix)].join(', ')}`);
    }
    if (served && !served.faultKinds.includes(kind)) {
      throw new Error(`fault kinds for ${served.prefix}: ${served.faultKinds.join(', ')}`);
    }
    const ms = o.ms === undefined ? undefined : Number(o.ms);
    if (kind === 'latency' && (ms === undefined || !Number.isFinite(ms) || ms < 0)) {
      throw new Error('latency fault needs ms >= 0');
    }
    const code = o.code === undefined ? undefined : String(o.code);
    if (kind === 'code' && (code === undefined || !/^\d+$/.test(code)))
      throw new Error('code fault needs a numeric code');
    return { kind, count, path: o.path as string | undefined, ms, code };
  }

  inject(spec: FaultSpec): Fault {
    const v = this.validate(spec);
    const fault: Fault = { id: this.nextId++, kind: v.kind, remaining: v.count ?? 1 };
    if (v.path !== undefined) fault.path = v.path;
    if (v.ms !== undefined) fault.ms = v.ms;
    if (v.code !== undefined) fault.code = v.code;
    this.faults.push(fault);
    return { ...fault };
  }

  /** Takes the faults that apply to one request to `path` (an API path or a served prefix):
   * every matching latency fault adds its delay; the first matching other fault decides the
   * reply. Each one taken counts down. */
  take(path: string): { delay: number; outcome?: Fault } {
    let delay = 0;
    let outcome: Fault | undefined;
    const served = this.prefixes.some((p) => p.prefix === path);
    for (const f of this.faults) {
      // A fault without a path hits API requests only, never served paths (picture downloads).
      if (f.remaining <= 0 || (f.path === undefined ? served : f.path !== path)) continue;
      if (f.kind === 'latency') {
        delay += f.ms ?? 0;
        f.remaining -= 1;
      } else if (!outcome) {
        outcome = { ...f };
        f.remaining -= 1;
      }
    }
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return { delay, outcome };
  }

  /** Copies of the faults still waiting. */
  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}

/** Sends the reply of an http500, nonjson or drop fault; false for the other kinds. */
export function sendFault(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  outcome: Fault,
  finish: (status: number, code: string | null) => void,
): boolean {
  const send = (status: number, type: string, text: string): true => {
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
    finish(status, null);
    return true;
  };
  switch (outcome.kind) {
    case 'drop':
      req.socket.destroy();
      finish(0, null);
      return true;
    case 'http500':
      return send(500, 'text/plain', 'Internal Server Error');
    case 'nonjson':
      return send(200, 'text/html', '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>');
    default:
      return false;
  }
}
