// Edit dialog of ezviz-voice: its MEDIA_NODES row (the camera; msg.payload is the audio; the camera
// picker shows the "no speaker" hint from the device's capacity, support_talk) and, its own, the
// family of its colour and the parameters that label it; the build writes its literal registration
// (scripts/operation-editor.js).
import type { OperationExtras } from '../../editor/operation-node';

export const extras: OperationExtras = { family: 'capture', labelParams: ['deviceSerial'] };
