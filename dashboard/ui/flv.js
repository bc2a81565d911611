// FLV playback (docs/behaviour.md section 21, docs/api/media-api.md section 7): mpegts.js, loaded from
// the package's resources only when a playback starts, plays HTTP-FLV through MSE. The service
// ends every stream session after about a minute (the simulator's --stream-cap): a chain of
// sessions plays on. When a session's body ends, the next address is asked for at once and
// played in a second video element under the first, which keeps its last frames; the new one
// comes to the front at its first frame, so the picture stops for the time of one connection
// only (at most 1 s is the target).

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
/** A session that fails at once is tried again after this long (ms), at most 5 times in a row. */
const RETRY_MS = 1000
const MAX_RETRIES = 5

/**
 * Plays a chain of FLV sessions in `box`. `next(playedMs)` resolves to the next session's URL
 * (`playedMs`: media received so far, for a playback's next window) or null when there is no
 * more. `events`: onPlaying(), onEnded(), onFailed(message).
 */
export class FlvChain {
    constructor(box, mpegtsSrc, next, events, label) {
        this.box = box
        this.label = label
        this.src = mpegtsSrc
        this.next = next
        this.events = events
        this.sessions = []
        this.playedMs = 0
        this.failures = 0
        this.stopped = false
    }

    async start() {
        this.mpegts = await loadMpegts(this.src)
        if (this.stopped) return
        if (!this.mpegts.getFeatureList().mseLivePlayback) return this.events.onFailed('MSE')
        this.advance()
    }

    /** Asks for the next address and opens its session behind the one showing. */
    async advance() {
        let url
        try {
            url = await this.next(this.playedMs)
        } catch (e) {
            if (!this.stopped) this.events.onFailed(String((e && e.message) || e))
            return
        }
        if (this.stopped) return
        if (!url) return this.events.onEnded()
        this.open(url)
    }

    /** A new address (live, renewed before the old one expires): the sessions so far are done, one on
     * the new address starts behind the one showing. */
    renewed() {
        if (this.stopped) return
        clearTimeout(this.retry)
        for (const s of this.sessions) s.done = true
        this.advance()
    }

    open(url) {
        const video = document.createElement('video')
        video.muted = true
        video.playsInline = true
        video.className = 'ezc-video ezc-flv'
        if (this.label) video.setAttribute('aria-label', this.label)
        video.setAttribute('data-active', 'false')
        this.box.insertBefore(video, this.box.firstChild)
        const player = this.mpegts.createPlayer({ type: 'flv', isLive: true, url }, PLAYER_CONFIG)
        // base: the media played before this session, so its position is base + its time.
        const session = { video, player, done: false, shown: false, base: this.playedMs }
        this.sessions.push(session)
        player.on(this.mpegts.Events.LOADING_COMPLETE, () => this.ended(session, false))
        player.on(this.mpegts.Events.ERROR, () => this.ended(session, true))
        video.addEventListener('playing', () => this.show(session))
        player.attachMediaElement(video)
        player.load()
        const p = player.play()
        if (p && p.catch) p.catch(() => undefined)
    }

    /** The session's first frame: it comes to the front and the ones before it go. */
    show(session) {
        if (session.shown || this.stopped) return
        session.shown = true
        this.failures = 0
        session.video.setAttribute('data-active', 'true')
        this.box.appendChild(session.video)
        for (const s of this.sessions.filter((x) => x !== session && x.video.getAttribute('data-active') === 'true'))
            this.close(s)
        this.events.onPlaying()
    }

    /** A session's body ended (the service's cap, the window's end) or failed: the next one starts. */
    ended(session, failed) {
        if (session.done || this.stopped) return
        session.done = true
        const v = session.video
        if (v.buffered && v.buffered.length) this.playedMs += Math.round(v.buffered.end(v.buffered.length - 1) * 1000)
        if (failed && !session.shown) {
            this.close(session)
            if (++this.failures > MAX_RETRIES) return this.events.onFailed('network')
            this.retry = setTimeout(() => this.advance(), RETRY_MS)
            return
        }
        this.advance()
    }

    close(session) {
        this.sessions = this.sessions.filter((s) => s !== session)
        try {
            session.player.destroy()
        } catch {
            /* already gone */
        }
        session.video.remove()
    }

    /** Media shown so far (ms): the sessions before the one in front and its current time. */
    position() {
        const front = this.sessions.filter((s) => s.shown).pop()
        return front ? front.base + Math.round(front.video.currentTime * 1000) : this.playedMs
    }

    /** Stops every session: no request after this. */
    stop() {
        this.stopped = true
        clearTimeout(this.retry)
        for (const s of [...this.sessions]) this.close(s)
    }
}
