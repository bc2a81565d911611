// Edit dialog of ezviz-ptz-start: its OPERATIONS row and, its own, the family of its colour and the
// parameters that label it; the build writes its literal registration (scripts/operation-editor.js).
import type { OperationExtras } from '../../editor/operation-node';

export const extras: OperationExtras = { family: 'ptz', labelParams: ['direction'] };
