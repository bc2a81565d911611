// Five checks of the camera panel in the real Dashboard 2 with Chromium against the simulator, each
// on a Dashboard 2 page of its own in one flow, so that one Node-RED (with the auth plugin of
// auth-user.ts in its user directory) and one simulator serve them all: the fullscreen stage
// (stage.ts), who may move (auth-user.ts), a recognized face's name (faces.ts), the state at a
// glance (glance.ts: it changes cameras, so after faces.ts; before the alarms of kinds.ts, which
// its panel's timeline would fetch), and the alarms' kinds (kinds.ts).
// Each started its own Node-RED and simulator before: about 8 CPU-seconds each.

import { dashboardNodes, dashboardAccount } from '../support/dashboard-env';
import { dashboardSuite } from '../support/dashboard-suite';
import { authUserNodes, describeAuthUser, installAuthPlugin } from './auth-user';
import { describeFaces, facesNodes } from './faces';
import { describeGlance, glanceNodes } from './glance';
import { describeKinds, kindsNodes } from './kinds';
import { describeStage, stageNodes } from './stage';

describe('dashboard: the panel on five pages of one Node-RED (Chromium)', function () {
  const env = dashboardSuite(
    (url) => [
      ...dashboardNodes(),
      { id: 'tab', type: 'tab', label: 'camera panel' },
      dashboardAccount(url),
      ...glanceNodes(url),
      ...stageNodes(),
      ...authUserNodes(),
      ...kindsNodes(),
      ...facesNodes(url),
    ],
    { prepare: installAuthPlugin },
  );
  describeStage(env);
  describeAuthUser(env);
  describeFaces(env);
  describeGlance(env);
  describeKinds(env);
});
