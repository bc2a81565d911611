// A camera's face library (docs/api/events-api.md section 3.2): GET
// /api/v3/device/life/remind/face/recognize/list answers `data [{faceId, name}]` for a camera that
// has one, as the vendor's page (for one device family) shows; any other camera of the account
// answers 60020 (not supported), a camera of another account 20018, an offline one 20007. Which
// cameras have a library, and its faces, is this file's own choice (no public source names one):
// C00000006 with Alice (1a2b3c, the id of the notes' example) and Bob Chen (5d6e).

import type { Area, Handler } from '../area';
import { answer, authenticate, ok, ownDevice, stop } from '../common';

/** The face libraries by serial: the faces a device knows, in the order it lists them. */
export const FACE_LIBRARIES: Readonly<Record<string, readonly { faceId: string; name: string }[]>> = Object.freeze({
  C00000006: Object.freeze([
    Object.freeze({ faceId: '1a2b3c', name: 'Alice' }),
    Object.freeze({ faceId: '5d6e', name: 'Bob Chen' }),
  ]),
});

const faceList: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const serial = params.deviceSerial as string;
    const dev = ownDevice(state, app, serial);
    if (!dev.online) stop('20007');
    const faces = Object.prototype.hasOwnProperty.call(FACE_LIBRARIES, serial) ? FACE_LIBRARIES[serial] : undefined;
    if (!faces) stop('60020');
    return ok(faces!.map((x) => ({ ...x })));
  });

export const facesArea: Area = { handlers: { 'face-list': faceList } };
