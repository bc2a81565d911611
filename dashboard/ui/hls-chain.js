// Live HLS (docs/behaviour.md section 21, docs/api/media-api.md section 7): hls.js's light build, or the
// browser itself where it plays HLS, as the player of session-chain.js's chain. A session's playlist
// that ends (#EXT-X-ENDLIST: the service's cap) starts the next session at once; the vendor's
// placeholder segments are named; 401/403/404/410 is an expired address.

import { loadHls, nativeHls, placeholderOf } from './live.js'

const HLS_CONFIG = { lowLatencyMode: false, backBufferLength: 10, maxBufferLength: 10 }

function attachHls(Hls, video, url, on) {
    const hls = new Hls(HLS_CONFIG)
    hls.on(Hls.Events.FRAG_LOADING, (_e, data) => {
        const reason = placeholderOf(data && data.frag && data.frag.url)
        if (reason) on.placeholder(reason)
    })
    // The session's playlist ended (the service's cap): the next session starts now.
    hls.on(Hls.Events.LEVEL_UPDATED, (_e, data) => {
        if (data && data.details && data.details.live === false) on.ended()
    })
    hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data || !data.fatal) return
        const code = data.response && data.response.code
        on.failed([401, 403, 404, 410].includes(code) ? 'expired' : data.type === 'mediaError' ? 'media' : 'network')
    })
    hls.loadSource(url)
    hls.attachMedia(video)
    return hls
}

/** hls.js (or the browser's own HLS) as a chain's player (session-chain.js). */
export function hlsPlayer(src) {
    let Hls = null
    return {
        className: 'ezc-video',
        async load() {
            if (nativeHls(document.createElement('video'))) return null
            Hls = await loadHls(src)
            return Hls.isSupported() ? null : 'media'
        },
        attach(video, url, on) {
            video.addEventListener('ended', () => on.ended())
            let hls = null
            if (Hls) hls = attachHls(Hls, video, url, on)
            else {
                video.addEventListener('error', () => on.failed('media'))
                video.src = url
            }
            video.play().catch(() => undefined)
            return hls
        },
    }
}
