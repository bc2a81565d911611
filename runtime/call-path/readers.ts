// Reading one message's parameters (docs/behaviour.md section 4): each parameter from its node setting
// (a TypedInput: str, num, msg, flow, global, env, ...; a credential for secrets) or, when the
// setting is empty, from msg.payload.<name>. Settings that need no callback (the common case) are
// read synchronously. A setting that wins over a different payload value is reported once per
// parameter (docs/behaviour.md section 5, ignored parameters are never silent).

import type { Node, NodeAPI, NodeDef } from 'node-red';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { OperationSpec, ParamName, ParamSpec } from '../../client/operations/operations';
import { describeValue, isEmpty } from '../../client/params/parse';
import { paramDefault } from '../../client/params/defaults';
import { sameValue } from './validation';
import type { MessageContext, Msg } from './message-context';

export type { Msg, RawInput } from './message-context';

export interface Reader {
  spec: ParamSpec;
  value: string;
  type: string;
}

type ReadCallback = (err: Error | null, v?: unknown, fromSetting?: boolean) => void;

/** Types whose value is at hand without a callback. */
const SYNC_TYPES = ['str', 'num', 'msg', 'env', 'cred'];

/** The TypedInput type of a parameter as the runtime reads it. The editor's select of friendly
 * names is a type named after the parameter's kind (`direction`, `speed`, `mirror`,
 * `immediately`): its value is a literal, read like `str`. A type missing from the flow is the
 * editor's default (params/defaults.ts: `cred` for a secret, whose credential is then read);
 * any other type that is not a name, `str`. */
export function literalType(p: ParamSpec, type: unknown): string {
  if (type === undefined || type === null) type = paramDefault(p).type;
  if (typeof type !== 'string' || type === '' || type === p.kind) return 'str';
  return type;
}

export class Readers {
  readonly list: Reader[];
  /** Every value can be read synchronously (no credential, no flow/global/json/... setting). */
  readonly sync: boolean;
  /** Parameters whose ignored payload value has been reported (once per node and parameter). */
  private readonly warned = new Set<string>();

  constructor(
    private readonly RED: NodeAPI,
    private readonly node: Node,
    private readonly spec: OperationSpec,
    private readonly t: Translate,
    def: NodeDef & Record<string, unknown>,
  ) {
    this.list = spec.params.map((p) => ({
      spec: p,
      value: def[p.name] === undefined || def[p.name] === null ? '' : String(def[p.name]),
      type: literalType(p, def[`${p.name}Type`]),
    }));
    const hasSecret = spec.params.some((p) => p.secret);
    this.sync = !hasSecret && !this.list.some((r) => r.value !== '' && !SYNC_TYPES.includes(r.type));
  }

  /** Fast path (`sync`): every value at once into `ctx.raw`; the reader that failed, if any. */
  readNow(ctx: MessageContext): Reader | undefined {
    const raw = ctx.raw;
    for (const r of this.list) {
      let err: Error | null = null;
      this.readOne(r, ctx.msg, (e, v, fromSetting) => {
        err = e;
        raw.values[r.spec.name] = v;
        if (fromSetting) raw.fromSetting.add(r.spec.name);
      });
      if (err) return r;
    }
    return undefined;
  }

  /** Every value into `ctx.raw`, some through callbacks; `cb` once, with the reader that failed, if any. */
  readAll(ctx: MessageContext, cb: (failed: Reader | undefined) => void): void {
    const raw = ctx.raw;
    let left = this.list.length;
    let failed = false;
    for (const r of this.list) {
      this.readOne(r, ctx.msg, (err, v, fromSetting) => {
        if (failed) return;
        if (err) {
          failed = true;
          return cb(r);
        }
        raw.values[r.spec.name] = v;
        if (fromSetting) raw.fromSetting.add(r.spec.name);
        if (--left === 0) cb(undefined);
      });
    }
  }

  /** Raw value of one parameter: node setting first, else msg.payload.<name>. */
  private readOne(r: Reader, msg: Msg, cb: ReadCallback): void {
    if (r.type === 'cred') {
      const c = (this.node.credentials as Record<string, unknown> | undefined)?.[r.spec.name];
      if (isEmpty(c)) fromPayload(r, msg, cb);
      else cb(null, c, true);
      return;
    }
    if (r.value === '') return fromPayload(r, msg, cb);
    switch (r.type) {
      case 'str':
      case 'num':
        return cb(null, r.value, true);
      case 'msg':
        try {
          return cb(null, this.RED.util.getMessageProperty(msg, r.value), true);
        } catch (e) {
          return cb(e as Error);
        }
      default:
        return this.evaluate(r, msg, cb);
    }
  }

  /** flow, global, env, json, jsonata, ...: Node-RED evaluates them (some throw instead of calling back). */
  private evaluate(r: Reader, msg: Msg, cb: ReadCallback): void {
    let answered = false;
    try {
      this.RED.util.evaluateNodeProperty(r.value, r.type, this.node, msg, (err, v) => {
        answered = true;
        cb(err, v, true);
      });
    } catch (e) {
      if (!answered) cb(e as Error);
    }
  }

  /** The error of a setting that could not be read. */
  error(r: Reader): EzvizError {
    return new EzvizError({
      code: '10001',
      message: this.t('validation.unreadable', {
        param: r.spec.name,
        type: r.type,
        value: r.spec.secret ? '(hidden)' : r.value,
      }),
      operation: this.spec.operation,
      source: 'validation',
      retriable: false,
    });
  }

  /** A node setting won over a different msg.payload.<name>: warns once per parameter. The last
   * parameter warned of now, if any. */
  ignored(ctx: MessageContext): ParamName | undefined {
    const raw = ctx.raw;
    if (raw.fromSetting.size === 0 || this.warned.size === this.list.length) return undefined;
    const pl = ctx.msg.payload;
    if (pl === null || typeof pl !== 'object') return undefined;
    let last: ParamName | undefined;
    for (const r of this.list) {
      const name = r.spec.name;
      if (!raw.fromSetting.has(name) || this.warned.has(name)) continue;
      let given: unknown;
      try {
        given = (pl as Record<string, unknown>)[name];
      } catch {
        continue;
      }
      if (isEmpty(given) || sameValue(r.spec, raw.values[name], given, ctx.parse(r.spec))) continue;
      this.warned.add(name);
      last = name;
      this.node.warn(
        this.t('log.ignored', {
          param: name,
          value: describeValue(r.spec, given),
          setting: describeValue(r.spec, raw.values[name]),
        }),
      );
    }
    return last;
  }
}

function fromPayload(r: Reader, msg: Msg, cb: ReadCallback): void {
  const pl = msg.payload;
  // A switch state may be msg.payload itself (a dashboard switch, a change node: true, 0, "on").
  if (r.spec.kind === 'switchState' && (typeof pl === 'boolean' || typeof pl === 'number' || typeof pl === 'string')) {
    return cb(null, pl, false);
  }
  cb(null, pl !== null && typeof pl === 'object' ? (pl as Record<string, unknown>)[r.spec.name] : undefined, false);
}
