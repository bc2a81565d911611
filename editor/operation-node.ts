// One function turns a row of the OPERATIONS table into a complete editor definition:
// defaults (config, name, P and PType per parameter), validators, labels, the palette look; the
// dialog's rows and fields are editor/operation-dialog.ts. Each nodes/<type>/editor.ts names its family
// and what differs; the build registers the definition with a literal RED.nodes.registerType call
// (see setUpOperationNode).
import { CONFIG_TYPE, type OperationSpec, type OptionSpec, type ParamName } from '../client/operations/operations';
import { watchSeconds } from '../client/operations/state-calls';
import { REFERENCE_TYPES } from './checks';
import { displayValue } from './param-selects';
import { dialogHtml, keepSecretsOutOfFlow, prepareParams, secretParams } from './operation-dialog';
import { setUpPicker } from './picker';
import { installTemplate } from './template';
import { currentType, paramDefault, setEditing, typeValidator, valueValidator, type ParamDefault } from './params';
import { t, tNode, validator, type CredentialDef, type NodeDef, type NodeInstance, type PropertyDef } from './red';

export const CATEGORY = 'EZVIZ';

/** One colour family, three close shades. */
export const FAMILIES = {
  storage: { color: '#76B4D4' },
  ptz: { color: '#8AC2DD' },
  mirror: { color: '#8AC2DD' },
  preset: { color: '#A2CFE6' },
  capture: { color: '#A2CFE6' },
  state: { color: '#76B4D4' },
} as const;

/** One white icon per operation, saying what it does (icons/ezviz-<operation>.svg). */
export function operationIcon(spec: OperationSpec): string {
  return `ezviz-${spec.operation}.svg`;
}

export interface OperationExtras {
  family: keyof typeof FAMILIES;
  /** Start values that differ from the common ones of params.ts. */
  defaults?: Partial<Record<ParamName, ParamDefault>>;
  /** Parameters whose literal value describes the node on the canvas; the first set one wins. */
  labelParams?: ParamName[];
}

/** Node label: the name, else a short description such as "ptz start up". */
export function describe(spec: OperationSpec, extras: OperationExtras, node: NodeInstance): string {
  const base = tNode(spec.type, `${spec.type}.label`);
  for (const name of extras.labelParams || []) {
    const p = spec.params.find((q) => q.name === name);
    const value = String(node[name] ?? '').trim();
    if (!p || p.secret || value === '' || REFERENCE_TYPES.includes(currentType(node, p))) continue;
    return t('editor.labelDetail', { base, detail: displayValue(p.kind, value) });
  }
  return base;
}

/** Names of an operation node's properties: config, name, and P and PType per parameter. */
export type DefaultName = 'config' | 'name' | ParamName | `${ParamName}Type` | OptionSpec['name'];

/** The generated definition; `credentials` is empty for a node without secret parameters. */
export type OperationNodeDef = NodeDef & {
  defaults: Record<DefaultName, PropertyDef>;
  credentials: Record<string, CredentialDef>;
};

/** The `config` property of a node: an ezviz-config node, not one its own dialog found invalid. */
export const configDefault = (): PropertyDef => ({
  value: '',
  type: CONFIG_TYPE,
  validate: validator((v) => {
    const config = v ? (RED.nodes.node(v) as unknown as { type?: string; valid?: boolean } | null) : null;
    if (!config || config.type !== CONFIG_TYPE) return t('editor.invalid.config');
    return config.valid === false ? t('editor.invalid.configInvalid') : true;
  }),
});

/** The editor definition of an operation node, derived from its OPERATIONS row. */
export function operationNodeDef(spec: OperationSpec, extras: OperationExtras): OperationNodeDef {
  const family = FAMILIES[extras.family];
  const defaults: Record<string, PropertyDef> = {
    config: configDefault(),
    name: { value: '' },
  };
  for (const p of spec.params) {
    const start = extras.defaults?.[p.name] || paramDefault(p);
    defaults[p.name] = { value: start.value, validate: valueValidator(p) };
    defaults[`${p.name}Type`] = { value: start.type, validate: typeValidator(p) };
  }
  for (const o of spec.options || []) {
    defaults[o.name] =
      o.kind === 'seconds'
        ? {
            value: o.default,
            validate: validator((v) =>
              watchSeconds(v) === undefined ? t('errors.watchSetting', { value: String(v) }) : true,
            ),
          }
        : { value: o.default };
  }
  const credentials: Record<string, CredentialDef> = {};
  for (const p of secretParams(spec)) credentials[p.name] = { type: 'password' };
  return {
    category: CATEGORY,
    color: family.color,
    icon: operationIcon(spec),
    defaults: defaults as Record<DefaultName, PropertyDef>,
    credentials,
    inputs: 1,
    outputs: 2,
    paletteLabel: () => tNode(spec.type, `${spec.type}.paletteLabel`),
    label(this: NodeInstance) {
      return (this.name as string) || describe(spec, extras, this);
    },
    labelStyle(this: NodeInstance) {
      return this.name ? 'node_label_italic' : 'node_label';
    },
    inputLabels: () => tNode(spec.type, `${spec.type}.inputLabel`),
    outputLabels: (index: number) => t(index === 0 ? 'editor.outputs.success' : 'editor.outputs.error'),
    oneditprepare(this: NodeInstance) {
      setEditing(this.id);
      prepareParams(spec, this);
      setUpPicker(spec);
    },
    oneditsave() {
      setEditing(null);
    },
    oneditcancel() {
      setEditing(null);
    },
  };
}

/**
 * Set up one operation node's dialog (template rows, secret handling) and return its generated
 * definition, which the node's script registers.
 *
 * That script is written by the build (scripts/operation-editor.js) around the node's own extras
 * (its editor.ts): the flow library (node-red-dev's checknodes) reads each node's HTML with acorn
 * and only understands a call `RED.nodes.registerType('<type>', { ... })` with a string type and
 * an object literal that states `category`, `color`, `icon`, `inputs` and `outputs` as literals
 * and `defaults` and `credentials` as inline objects (a spread makes it fail), so the build writes
 * those facts from this same definition and takes every other value from it;
 * test/unit/editor/registration.test.ts parses the built HTML the same way and checks the literals
 * against this definition, FAMILIES and CATEGORY.
 */
export function setUpOperationNode(spec: OperationSpec, extras: OperationExtras): OperationNodeDef {
  installTemplate(spec.type, dialogHtml(spec));
  keepSecretsOutOfFlow(spec);
  return operationNodeDef(spec, extras);
}
