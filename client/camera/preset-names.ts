// Preset names (docs/behaviour.md section 5): the API knows preset numbers only. A preset-add with a
// name remembers it, a preset-clear forgets the names of its index, and a preset-call or
// preset-clear given a name instead of an index is completed here (inside the camera's queue).
// The names themselves live in the config node's context (presets.ts).

import type { CallErrors } from '../requests/call-failures';
import type { Fields } from '../requests/call-types';
import type { ApiReply } from '../wire/wire';
import { EzvizError } from '../errors/errors';
import type { Translate } from '../errors/translate';
import type { CallName, CallSpec } from '../operations/operations';
import type { PresetStore } from './presets';
import { BadReply, presetIndex } from '../replies/replies';

export class PresetNames {
  constructor(
    private readonly store: PresetStore | undefined,
    private readonly t: Translate,
    private readonly errors: CallErrors,
    private readonly warn: (text: string) => void,
  ) {}

  /** Whether a request names its preset instead of giving its index. */
  needsLookup(spec: CallSpec, fields: Fields, name: string | undefined): name is string {
    return (
      (spec.presetNames === 'find' || spec.presetNames === 'clear') && fields.index === undefined && name !== undefined
    );
  }

  /** The index of `name` on the request's camera, or the error (unknown name, context failure). */
  async lookup(op: CallName, fields: Fields, name: string): Promise<number | EzvizError> {
    const t = this.t;
    const serial = String(fields.deviceSerial);
    const channel = Number(fields.channelNo);
    let found: { index: number | undefined; known: string[] };
    try {
      found = this.store ? await this.store.lookup(serial, channel, name) : { index: undefined, known: [] };
    } catch {
      return this.errors.local(op, 'CONTEXT', t('errors.context'));
    }
    if (found.index !== undefined) return found.index;
    const camera = `${serial}/${channel}`;
    const message = found.known.length
      ? t('validation.presetUnknown', { name: JSON.stringify(name), camera, known: found.known.join(', ') })
      : t('validation.presetNoNames', { name: JSON.stringify(name), camera });
    return new EzvizError({ code: '10001', message, operation: op, source: 'validation', retriable: false });
  }

  /** Keeps the names in step with a preset-add (with a name) or a preset-clear that succeeded. */
  async update(spec: CallSpec, result: { reply: ApiReply; fields: Fields }, name?: string): Promise<void> {
    const presets = this.store;
    if (!presets) return;
    const serial = String(result.fields.deviceSerial);
    const channel = Number(result.fields.channelNo);
    try {
      if (spec.presetNames === 'add' && name !== undefined) {
        let index: number | undefined;
        try {
          index = presetIndex(result.reply.data);
        } catch (e) {
          if (!(e instanceof BadReply)) throw e; // the node reports the bad reply
        }
        if (index !== undefined) await presets.remember(serial, channel, name, index);
      } else if (spec.presetNames === 'clear') {
        await presets.forget(serial, channel, Number(result.fields.index));
      }
    } catch {
      this.warn(this.t('errors.context'));
    }
  }
}
