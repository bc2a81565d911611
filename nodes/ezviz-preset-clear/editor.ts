// Edit dialog of ezviz-preset-clear: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['preset-clear'], { family: 'preset', labelParams: ['presetName', 'index'] });
