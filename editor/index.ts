// The shared editor code, shipped ONCE: the build bundles this file into the package's
// resources/ezviz-editor.js, which Node-RED serves at
// resources/node-red-contrib-ezviz-open/ezviz-editor.js. Every node's HTML loads it with a
// <script src> tag before its own script, which takes what it needs from the global
// `EzvizOpenEditor` (declared in red.ts). Add here whatever a node's own editor.ts needs.
import { CONFIG_TYPE, OPERATIONS } from '../client/operations/operations';
import { DEFAULTS } from '../client/config/settings';
import { STATE_NODES } from '../client/operations/state-calls';
import { MEDIA_NODES } from '../client/operations/voice';
import { UPKEEP_NODES } from '../client/operations/settings';
import { HUB_NODE } from '../client/operations/hub';
import { SIREN_NODE } from '../client/operations/siren';
import { explainFailure, postAccount } from './account';
import { credentialProblem, explain, hostOf, REGIONS, regionOf, validators } from './config-node';
import { CATEGORY, configDefault, FAMILIES, setUpOperationNode } from './operation-node';
import { OPERATION_ROWS } from './operation-rows';
import { setUpPicker } from './picker';
import { cameraNodeLabels } from './labels';
import { otherStreamCamera } from './checks';
import { PACKAGE, SHARED_NS, t, tNode, validator } from './red';
import {
  checkList,
  checkbox,
  checkedValues,
  input,
  installTemplate,
  nodeDialog,
  row,
  select,
  setChecked,
  settingRows,
  tip,
} from './template';
import { KINDS } from '../features/alarms/alarm-kinds';
import { parseFaceNames } from '../client/config/face-names';
import { installStatusArgs } from './status-args';
import { alarmSettings, DEFAULT_INTERVAL_S, MAX_INTERVAL_S, MIN_INTERVAL_S } from '../features/alarms/alarms';
import {
  DEFAULT_PATH,
  GROUPS,
  INTERVAL_LIMITS,
  PICTURE_MODES,
  SOURCES,
  sourceSettings,
} from '../features/alarms/source-settings';

export const editorApi = {
  CATEGORY,
  CONFIG_TYPE,
  DEFAULTS,
  FAMILIES,
  OPERATIONS,
  OPERATION_ROWS,
  PACKAGE,
  REGIONS,
  SHARED_NS,
  STATE_NODES,
  MEDIA_NODES,
  UPKEEP_NODES,
  HUB_NODE,
  SIREN_NODE,
  configDefault,
  credentialProblem,
  explain,
  explainFailure,
  parseFaceNames,
  hostOf,
  input,
  installTemplate,
  nodeDialog,
  regionOf,
  row,
  setUpOperationNode,
  cameraNodeLabels,
  t,
  tNode,
  tip,
  // the camera picker, also for the dashboard package's panel dialog
  setUpPicker,
  // the panel dialog: a stream node of another camera than the panel's
  otherStreamCamera,
  validator,
  validators,
  postAccount,
  // ezviz-alarm's own dialog
  alarmSettings,
  checkList,
  checkbox,
  checkedValues,
  select,
  setChecked,
  settingRows,
  DEFAULT_INTERVAL_S,
  MAX_INTERVAL_S,
  MIN_INTERVAL_S,
  DEFAULT_PATH,
  GROUPS,
  INTERVAL_LIMITS,
  KINDS,
  PICTURE_MODES,
  SOURCES,
  sourceSettings,
};

export type EditorApi = typeof editorApi;

// Node-RED loads this file once per node set of the package (nine <script src> tags, one file,
// served from the browser's cache after the first): the first copy wins, so every dialog shares
// one state (e.g. which dialog is open).
const w = window as unknown as { EzvizOpenEditor?: EditorApi };
if (!w.EzvizOpenEditor) {
  w.EzvizOpenEditor = editorApi;
  installStatusArgs(); // statuses with arguments (the alarm node's poll) in the editor's language
}

declare global {
  // This file's API as every node's editor.ts sees it (loaded by each node's HTML from resources/).
  const EzvizOpenEditor: EditorApi;
}
