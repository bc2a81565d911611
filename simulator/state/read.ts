// Reading a state file's values: each reader takes a value, its default and where it is (for
// the error text), and throws a StateError naming the field when the value has the wrong type.

export type Obj = Record<string, unknown>;

export class StateError extends Error {}

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(v: unknown, where: string): Obj {
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw new StateError(`state: ${where} must be an object`);
  return v;
}

export function num(v: unknown, dflt: number, where: string): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new StateError(`state: ${where} must be a number`);
  return v;
}

export function bool(v: unknown, dflt: boolean, where: string): boolean {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'boolean') throw new StateError(`state: ${where} must be true or false`);
  return v;
}

export function str(v: unknown, dflt: string | undefined, where: string): string {
  if (v === undefined || v === null) {
    if (dflt === undefined) throw new StateError(`state: ${where} is required`);
    return dflt;
  }
  if (typeof v !== 'string') throw new StateError(`state: ${where} must be a string`);
  return v;
}

export const wholeSeconds = (ms: number): number => Math.floor(ms / 1000) * 1000;
