// Live HLS that plays on across the service's session cap (docs/behaviour.md section 21, docs/api/media-api.md
// section 7): the service ends each live session after about a minute (the simulator's --stream-cap:
// the session's playlist ends with #EXT-X-ENDLIST). The moment a session's playlist ends, the
// address is loaded again (a new session) in a second video element behind the first, which plays
// its last segments meanwhile; the new one comes to the front at its first frame. A new address
// (renewed before the old one expires) starts a session the same way.

import { loadHls, nativeHls, placeholderOf } from './live.js'

const HLS_CONFIG = { lowLatencyMode: false, backBufferLength: 10, maxBufferLength: 10 }
/** A session that fails before its first frame is tried again after this long (ms), at most 5 times in a row. */
const RETRY_MS = 1000
const MAX_RETRIES = 5

/**
 * Plays a chain of HLS live sessions in `box`. `next()` resolves to the URL to load (the current
 * address). `events`: onPlaying(), onFailed(kind: 'expired' | 'network' | 'media'), onPlaceholder(reason).
 */
export class HlsChain {
    constructor(box, hlsSrc, next, events, label) {
        this.box = box
        this.src = hlsSrc
        this.next = next
        this.events = events
        this.label = label
        this.sessions = []
        this.failures = 0
        this.stopped = false
    }

    async start() {
        this.native = nativeHls(document.createElement('video'))
        if (!this.native) {
            this.Hls = await loadHls(this.src)
            if (this.stopped) return
            if (!this.Hls.isSupported()) return this.events.onFailed('media')
        }
        this.advance()
    }

    /** Opens the next session behind the one showing. */
    async advance() {
        let url
        try {
            url = await this.next()
        } catch {
            return this.events.onFailed('network')
        }
        if (!this.stopped && url) this.open(url)
    }

    /** A new address: every session so far is done, one on the new address starts. */
    renewed() {
        if (this.stopped) return
        clearTimeout(this.retry)
        for (const s of this.sessions) s.done = true
        this.advance()
    }

    open(url) {
        const video = document.createElement('video')
        Object.assign(video, { muted: true, playsInline: true, autoplay: true, className: 'ezc-video' })
        video.setAttribute('data-active', 'false')
        if (this.label) video.setAttribute('aria-label', this.label)
        this.box.insertBefore(video, this.box.firstChild)
        const session = { video, hls: null, done: false, shown: false }
        this.sessions.push(session)
        video.addEventListener('playing', () => this.show(session))
        video.addEventListener('ended', () => this.ending(session))
        if (this.native) {
            video.addEventListener('error', () => this.failed(session, 'media'))
            video.src = url
        } else {
            const Hls = this.Hls
            const hls = new Hls(HLS_CONFIG)
            session.hls = hls
            hls.on(Hls.Events.FRAG_LOADING, (_e, data) => {
                const reason = placeholderOf(data && data.frag && data.frag.url)
                if (reason) this.events.onPlaceholder(reason)
            })
            // The session's playlist ended (the service's cap): the next session starts now.
            hls.on(Hls.Events.LEVEL_UPDATED, (_e, data) => {
                if (data && data.details && data.details.live === false) this.ending(session)
            })
            hls.on(Hls.Events.ERROR, (_e, data) => {
                if (!data || !data.fatal) return
                const code = data.response && data.response.code
                this.failed(
                    session,
                    [401, 403, 404, 410].includes(code) ? 'expired' : data.type === 'mediaError' ? 'media' : 'network',
                )
            })
            hls.loadSource(url)
            hls.attachMedia(video)
        }
        video.play().catch(() => undefined)
    }

    /** A session's first frame: it comes to the front and the ones before it go. */
    show(session) {
        if (session.shown || this.stopped) return
        session.shown = true
        this.failures = 0
        session.video.setAttribute('data-active', 'true')
        this.box.appendChild(session.video)
        for (const s of this.sessions.filter(
            (x) => x !== session && this.sessions.indexOf(x) < this.sessions.indexOf(session),
        ))
            this.close(s)
        this.events.onPlaying()
    }

    /** A session's end is near (its playlist ended) or came: the next one starts behind it. */
    ending(session) {
        if (session.done || this.stopped) return
        session.done = true
        this.advance()
    }

    failed(session, kind) {
        if (this.stopped || !this.sessions.includes(session)) return
        // A session a newer one replaces keeps its last picture until that one shows.
        if (session !== this.sessions[this.sessions.length - 1]) return
        if (kind === 'expired') {
            session.done = true
            return this.events.onFailed('expired')
        }
        if (session.shown && !session.done) return this.ending(session)
        if (session.shown) return
        this.close(session)
        if (++this.failures > MAX_RETRIES) return this.events.onFailed(kind)
        this.retry = setTimeout(() => this.advance(), RETRY_MS)
    }

    close(session) {
        this.sessions = this.sessions.filter((s) => s !== session)
        try {
            if (session.hls) session.hls.destroy()
        } catch {
            /* already gone */
        }
        session.video.removeAttribute('src')
        session.video.remove()
    }

    /** Stops every session: no playlist or segment request after this. */
    stop() {
        this.stopped = true
        clearTimeout(this.retry)
        for (const s of [...this.sessions]) this.close(s)
    }
}
