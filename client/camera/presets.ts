// Preset names (docs/behaviour.md section 5): the API knows preset numbers only; preset-add with a name
// remembers name -> index per device and channel in the config node's context, so a persistent
// context store keeps them across restarts. Updates are serialised (read-modify-write).
//
// Node-RED deletes a node's context whenever the node closes if no context store is configured
// (the default settings), so a redeploy would lose the names. A copy per config node id is kept in
// this process too: a redeploy finds it there, a restart finds it in a persistent store.

export interface ContextLike {
  get(key: string, store: string | undefined, cb: (err: Error | null | undefined, value?: unknown) => void): void;
  set(key: string, value: unknown, store: string | undefined, cb: (err?: Error | null) => void): void;
}

export const PRESETS_KEY = 'ezvizPresetNames';

/** name -> index, per "SERIAL/channel". */
type PresetMap = Record<string, Record<string, number>>;

/** A shallow copy without a prototype: a preset may be called "__proto__" or "constructor". */
function copy<T>(o: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null), o);
}

/** The in-process copy, per config node id. */
const kept = new Map<string, PresetMap>();

export class PresetStore {
  private chain: Promise<unknown> = Promise.resolve();

  /** `id`: the config node's id (key of the in-process copy); `store`: context store name. */
  constructor(
    private readonly ctx: ContextLike,
    private readonly id?: string,
    private readonly store?: string,
  ) {}

  private read(): Promise<PresetMap> {
    return new Promise((resolve, reject) => {
      this.ctx.get(PRESETS_KEY, this.store, (err, value) => {
        if (err) return reject(err);
        if (value && typeof value === 'object' && Object.keys(value).length) resolve(value as PresetMap);
        else resolve((this.id !== undefined && kept.get(this.id)) || {});
      });
    });
  }

  private write(map: PresetMap): Promise<void> {
    if (this.id !== undefined) kept.set(this.id, map);
    return new Promise((resolve, reject) => {
      this.ctx.set(PRESETS_KEY, map, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** The config node was deleted: forget its names in this process too. */
  discard(): void {
    if (this.id !== undefined) kept.delete(this.id);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const result = this.chain.then(task, task);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** The index of `name` on the camera, and every name known there (sorted). */
  lookup(serial: string, channel: number, name: string): Promise<{ index: number | undefined; known: string[] }> {
    return this.serial(async () => {
      const cam = (await this.read())[`${serial}/${channel}`] ?? {};
      const index = Object.prototype.hasOwnProperty.call(cam, name) ? cam[name] : undefined;
      return { index, known: Object.keys(cam).sort() };
    });
  }

  /** Remembers `name` for a preset just added; names still pointing at that index are stale. */
  remember(serial: string, channel: number, name: string, index: number): Promise<void> {
    return this.serial(async () => {
      const map = copy(await this.read());
      const key = `${serial}/${channel}`;
      const cam: Record<string, number> = Object.create(null);
      for (const [n, i] of Object.entries(map[key] ?? {})) if (i !== index) cam[n] = i;
      cam[name] = index;
      map[key] = cam;
      await this.write(map);
    });
  }

  /** Forgets every name of a cleared preset. */
  forget(serial: string, channel: number, index: number): Promise<void> {
    return this.serial(async () => {
      const map = copy(await this.read());
      const key = `${serial}/${channel}`;
      const old = map[key];
      if (!old) return;
      const cam: Record<string, number> = Object.create(null);
      for (const [n, i] of Object.entries(old)) if (i !== index) cam[n] = i;
      if (Object.keys(cam).length) map[key] = cam;
      else delete map[key];
      await this.write(map);
    });
  }
}

/** Tests: forget every in-process copy, as a restart of Node-RED would. */
export function forgetProcessCopies(): void {
  kept.clear();
}
