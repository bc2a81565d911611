// Edit dialog of ezviz-clip: its MEDIA_NODES row (the camera, the source, the window or the
// alarm's time, the bounds and the format) and, its own, the family of its colour and the
// parameters that label it; the build writes its literal registration (scripts/operation-editor.js).
import type { OperationExtras } from '../../editor/operation-node';

export const extras: OperationExtras = { family: 'capture', labelParams: ['deviceSerial'] };
