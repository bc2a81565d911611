// FLV playback (docs/behaviour.md section 21, docs/api/media-api.md section 7): mpegts.js, loaded from
// the package's resources only when an FLV session starts, plays HTTP-FLV through MSE; the chain of
// sessions that plays on across the service's cap is session-chain.js's, this the player in it.

import { loadScript } from './load-script.js'

/** window.mpegts from resources/node-red-dashboard-2-ezviz/mpegts.js (once per page). */
export function loadMpegts(src) {
    return loadScript(src, 'mpegts')
}

const PLAYER_CONFIG = {
    enableWorker: false,
    enableStashBuffer: false,
    lazyLoad: false,
    autoCleanupSourceBuffer: true,
    liveBufferLatencyChasing: false,
}

/** mpegts.js as a chain's player (session-chain.js: `new SessionChain(box, flvPlayer(src), ...)`):
 * a session's body ended or failed. */
export function flvPlayer(src) {
    let mpegts = null
    return {
        className: 'ezc-video ezc-flv',
        async load() {
            mpegts = await loadMpegts(src)
            return mpegts.getFeatureList().mseLivePlayback ? null : 'MSE'
        },
        attach(video, url, on) {
            const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, PLAYER_CONFIG)
            player.on(mpegts.Events.LOADING_COMPLETE, () => on.ended())
            player.on(mpegts.Events.ERROR, () => on.failed('network'))
            player.attachMediaElement(video)
            player.load()
            const p = player.play()
            if (p && p.catch) p.catch(() => undefined)
            return player
        },
    }
}
