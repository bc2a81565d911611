// Live view helpers (docs/behaviour.md section 14): HLS plays natively where the browser plays it itself,
// else with hls.js's light build, loaded on first use from the package's resources (the sessions:
// hls-chain.js). A failing or expired address is renewed by asking Node-RED at most once per 10 s;
// the vendor's placeholder segments (ErrCode/9048_0.ts: cloud live not activated, 9053_0.ts: just
// activated) are named.

import { loadScript } from './load-script.js'

export const RENEW_MS = 10000
/** An address is taken for a new session only while it has this long left (ms). */
export const USABLE_MS = 2000
/** A live address is renewed this share of its remaining lifetime before it expires (at most a minute):
 * within the runtime's renewal window (the last 10 % of a lifetime, at most 5 minutes). */
export const RENEW_SHARE = 0.08
export const RENEW_MAX_MS = 60000

/** window.Hls from resources/node-red-dashboard-2-ezviz/hls.light.min.js (once per page). */
export function loadHls(src) {
    return loadScript(src, 'Hls')
}

/** Whether this browser plays HLS in a video element by itself (Safari, iOS, some Android). */
export function nativeHls(video) {
    return !!video.canPlayType && video.canPlayType('application/vnd.apple.mpegurl') !== ''
}

/** The reason a segment URL names, when it is one of the vendor's placeholders. */
export function placeholderOf(url) {
    if (/ErrCode\/9048_0\.ts(\?|$)/.test(url || '')) return 'notActivated'
    if (/ErrCode\/9053_0\.ts(\?|$)/.test(url || '')) return 'justActivated'
    return null
}
