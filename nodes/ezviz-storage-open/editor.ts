// Edit dialog of ezviz-storage-open: everything derives from its row of the OPERATIONS table.
import { OPERATIONS } from '../shared/operations';
import { registerOperationNode } from '../shared/editor/operation-node';

registerOperationNode(OPERATIONS['storage-open'], { family: 'storage', labelParams: ['deviceSerial'] });
