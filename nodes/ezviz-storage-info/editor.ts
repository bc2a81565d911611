// Edit dialog of ezviz-storage-info: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['storage-info'], { family: 'storage', labelParams: ['deviceSerial'] });
