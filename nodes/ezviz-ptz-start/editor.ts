// Edit dialog of ezviz-ptz-start: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['ptz-start'], { family: 'ptz', labelParams: ['direction'] });
