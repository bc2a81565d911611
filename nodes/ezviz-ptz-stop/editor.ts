// Edit dialog of ezviz-ptz-stop: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['ptz-stop'], { family: 'ptz', labelParams: ['direction'] });
