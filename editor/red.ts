// The editor's global RED object, typed, and the i18n helpers every dialog uses.
// Editor code only: bundled into resources/ezviz-editor.js by the build, never loaded by the runtime.
import type { EditorRED, EditorNodeDef, EditorNodeInstance, EditorNodeProperties } from 'node-red';

/** The editor's RED, with registerType taking the 3.1+ definition shape (NodeDef below). */
type EditorGlobal = Omit<EditorRED, 'nodes'> & {
  nodes: Omit<EditorRED['nodes'], 'registerType'> & { registerType(type: string, def: NodeDef): void };
};

declare global {
  // Provided by the Node-RED editor at run time.
  const RED: EditorGlobal;
}

/** npm package name: the module part of every message-catalog namespace. */
export const PACKAGE = 'node-red-contrib-ezviz-open';
/** Namespace of the catalog shared by all nodes (nodes/ezviz-config/locales/<lang>/ezviz-config.json). */
export const SHARED_NS = `${PACKAGE}/ezviz-config`;

/** A translated text from the shared catalog. */
export function t(key: string, args?: Record<string, string | number>): string {
  return RED._(`${SHARED_NS}:${key}`, args);
}

/** A translated text from one node's own catalog (nodes/<type>/locales/<lang>/<type>.json). */
export function tNode(type: string, key: string, args?: Record<string, string | number>): string {
  return RED._(`${PACKAGE}/${type}:${key}`, args);
}

/** Node-RED 3.1+ validator: true when valid, otherwise the translated reason. */
export type Validator = (this: unknown, value: string, opt?: { label?: string }) => true | string;

/**
 * Wrap a check as a Node-RED 3.1+ validator. The editor only uses a returned reason when the
 * function declares two parameters (`validate.length === 2`); otherwise it coerces the
 * result to a boolean and any reason would count as valid.
 */
export function validator(check: (this: NodeInstance, value: string) => true | string): Validator {
  return function (this: unknown, value: string, opt?: { label?: string }) {
    void opt;
    return check.call(this as NodeInstance, value == null ? '' : String(value));
  };
}

export interface PropertyDef {
  value: string | number | boolean;
  required?: boolean;
  type?: string;
  validate?: Validator;
}

export interface CredentialDef {
  type: 'text' | 'password';
  validate?: Validator;
}

/** Node instance as the dialogs see it: string properties and the credentials object. */
export type NodeInstance = EditorNodeInstance<EditorNodeProperties> &
  Record<string, unknown> & { credentials?: Record<string, unknown>; _def?: unknown };

/** A node definition with 3.1+ validators (the published typings still describe 2.x ones). */
export type NodeDef = Omit<
  EditorNodeDef<EditorNodeProperties>,
  | 'defaults'
  | 'credentials'
  | 'oneditprepare'
  | 'oneditsave'
  | 'label'
  | 'paletteLabel'
  | 'inputLabels'
  | 'outputLabels'
  | 'oneditresize'
  | 'oneditcancel'
  | 'labelStyle'
> & {
  defaults: Record<string, PropertyDef>;
  credentials?: Record<string, CredentialDef>;
  label: (this: NodeInstance) => string;
  paletteLabel: string | (() => string);
  inputLabels?: string | ((this: NodeInstance) => string);
  outputLabels?: string[] | ((this: NodeInstance, index: number) => string);
  oneditprepare?: (this: NodeInstance) => void;
  oneditsave?: (this: NodeInstance) => void;
  oneditcancel?: (this: NodeInstance) => void;
  labelStyle?: string | ((this: NodeInstance) => string);
  oneditresize?: (this: NodeInstance, size: { width: number; height: number }) => void;
};

/** Escape text for HTML built in code (translations may contain any character). */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
