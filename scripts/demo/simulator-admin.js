'use strict';
// `npm start` (scripts/demo.js): what the demo asks of the simulator's admin endpoint /sim/: the
// webhook of example 08, a motion alarm now and then, a battery camera going offline and back.

const { httpStatus } = require('./processes');

/** POSTs JSON to the simulator's admin endpoint; resolves the HTTP status (0: no answer). */
const simPost = (simUrl, pathName, body) => httpStatus(simUrl + pathName, body);

/** The webhook of example 08 (its alarm node's path and signing secret credential). */
const DEMO_WEBHOOK_PATH = '/ezviz/alarms';
const DEMO_SIGNING_SECRET = 'demo-signing-secret';

/** Tells the simulator to push each alarm it raises to the webhook at `redUrl`; the HTTP status. */
function registerWebhook(simUrl, redUrl) {
  return simPost(simUrl, '/sim/webhook', { url: redUrl + DEMO_WEBHOOK_PATH, secret: DEMO_SIGNING_SECRET });
}

/** Raises a motion alarm on C00000001 in the simulator every `seconds`; returns stop(). */
function raiseAlarms(simUrl, seconds, log = console.log) {
  if (!(seconds > 0)) return () => undefined;
  let n = 0;
  const timer = setInterval(async () => {
    n += 1;
    const status = await simPost(simUrl, '/sim/alarm', { deviceSerial: 'C00000001', channelNo: 1, alarmType: 10002 });
    log(
      status === 200 ? `demo: motion alarm ${n} raised on C00000001` : `demo: raising an alarm failed (HTTP ${status})`,
    );
  }, seconds * 1000);
  return () => clearInterval(timer);
}

/** Every `seconds` the battery camera C00000014 goes offline for a quarter of that time and comes
 * back (POST /sim/device), so a device-state node with `watch` has something to report; returns
 * stop(). */
function flapCamera(simUrl, seconds, log = console.log) {
  if (!(seconds > 0)) return () => undefined;
  let back;
  const timer = setInterval(async () => {
    const status = await simPost(simUrl, '/sim/device', { deviceSerial: 'C00000014', online: false });
    log(
      status === 200 ? 'demo: camera C00000014 went offline' : `demo: taking C00000014 offline failed (HTTP ${status})`,
    );
    back = setTimeout(
      async () => {
        await simPost(simUrl, '/sim/device', { deviceSerial: 'C00000014', online: true });
        log('demo: camera C00000014 is back online');
      },
      (seconds * 1000) / 4,
    );
  }, seconds * 1000);
  return () => {
    clearInterval(timer);
    clearTimeout(back);
  };
}

module.exports = { DEMO_WEBHOOK_PATH, flapCamera, raiseAlarms, registerWebhook };
