// Edit dialog of ezviz-preset-add: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['preset-add'], { family: 'preset', labelParams: ['presetName'] });
