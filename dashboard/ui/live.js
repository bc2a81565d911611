// Live view (docs/behaviour.md section 14): plays the panel's shared live address (HLS) natively where the
// browser plays HLS itself, else with hls.js's light build, loaded on first use from the
// package's resources. Only while the panel is on screen and the page visible; a failing or
// expired address is renewed by asking Node-RED at most once per 10 s; the vendor's placeholder
// segments (ErrCode/9048_0.ts: cloud live not activated, 9053_0.ts: just activated) are named.

import { loadScript } from './load-script.js'

export const RENEW_MS = 10000

/** window.Hls from resources/node-red-dashboard-2-ezviz/hls.light.min.js (once per page). */
export function loadHls (src) {
    return loadScript(src, 'Hls')
}

/** Whether this browser plays HLS in a video element by itself (Safari, iOS, some Android). */
export function nativeHls (video) {
    return !!video.canPlayType && video.canPlayType('application/vnd.apple.mpegurl') !== ''
}

/** The reason a segment URL names, when it is one of the vendor's placeholders. */
export function placeholderOf (url) {
    if (/ErrCode\/9048_0\.ts(\?|$)/.test(url || '')) return 'notActivated'
    if (/ErrCode\/9053_0\.ts(\?|$)/.test(url || '')) return 'justActivated'
    return null
}

/**
 * One player on one video element: `play(url)`, `stop()`. `events`: onPlaying(), onFailed(kind)
 * (`expired` for HTTP 401/403/404/410 of the playlist, else `network` / `media`), onPlaceholder(reason).
 */
export class Player {
    constructor (video, hlsSrc, events) {
        this.video = video
        this.hlsSrc = hlsSrc
        this.events = events
        this.hls = null
        this.url = null
    }

    async play (url) {
        if (this.url === url) return
        this.stop()
        this.url = url
        const video = this.video
        if (nativeHls(video)) {
            video.src = url
            video.play().catch(() => undefined)
            return
        }
        const Hls = await loadHls(this.hlsSrc)
        if (this.url !== url || !Hls.isSupported()) return
        const hls = new Hls({ lowLatencyMode: false, backBufferLength: 10, maxBufferLength: 10 })
        this.hls = hls
        hls.on(Hls.Events.FRAG_LOADING, (_e, data) => {
            const reason = placeholderOf(data && data.frag && data.frag.url)
            if (reason) this.events.onPlaceholder(reason)
        })
        hls.on(Hls.Events.ERROR, (_e, data) => {
            if (!data || !data.fatal) return
            const code = data.response && data.response.code
            this.events.onFailed([401, 403, 404, 410].includes(code) ? 'expired' : data.type === 'mediaError' ? 'media' : 'network')
        })
        hls.loadSource(url)
        hls.attachMedia(video)
        video.play().catch(() => undefined)
    }

    /** Stops the stream: no playlist or segment request after this. */
    stop () {
        this.url = null
        if (this.hls) {
            this.hls.destroy()
            this.hls = null
        }
        const video = this.video
        if (video && video.getAttribute('src')) {
            video.removeAttribute('src')
            video.load()
        }
    }
}
