// How a node of its own dialog (ezviz-alarm, ezviz-stream: not an operation row) is named on the
// canvas and in the palette: its name in italics, else its label with the camera's serial; its
// input and its outputs (output 1 as the node calls it, output 2 the error) from its own catalog.
// The operation nodes take theirs from their row (operation-node.ts).
import { t, tNode, type NodeInstance } from './red';

export interface CameraNodeLabels {
  paletteLabel(): string;
  label(this: NodeInstance): string;
  labelStyle(this: NodeInstance): string;
  inputLabels(): string;
  outputLabels(index: number): string;
}

/** The labels of node type `type`, whose output 1 is `outputs.<first>` in its catalog. */
export function cameraNodeLabels(type: string, first: string): CameraNodeLabels {
  return {
    paletteLabel: () => tNode(type, `${type}.paletteLabel`),
    label(this: NodeInstance) {
      if (this.name) return String(this.name);
      const base = tNode(type, `${type}.label.node`);
      const serial = String(this.deviceSerial ?? '').trim();
      return serial ? t('editor.labelDetail', { base, detail: serial.toUpperCase() }) : base;
    },
    labelStyle(this: NodeInstance) {
      return this.name ? 'node_label_italic' : 'node_label';
    },
    inputLabels: () => tNode(type, `${type}.inputLabel`),
    outputLabels: (index: number) => tNode(type, index === 0 ? `${type}.outputs.${first}` : `${type}.outputs.error`),
  };
}
