// One chain of player sessions for the live view and the playback, HLS and FLV alike (docs/behaviour.md
// section 21, docs/api/media-api.md section 7): the service ends every stream session after about a
// minute (the simulator's --stream-cap). The moment a session ends (its body, its playlist), the next
// address is asked for and played in a second video element behind the first, which keeps its last
// frames; the new one comes to the front at its first frame and the older ones go, so the picture
// stops for the time of one connection only (at most 1 s is the target). A new address (renewed
// before the old one expires) starts a session the same way. The player is the only difference
// (flv.js: mpegts.js; hls-chain.js: hls.js or the browser itself):
//   player.load()                       -> null when it can play here, else why not ('MSE', 'media')
//   player.attach(video, url, on)       -> its handle (destroy() ends it) or null; calls on.ended() and on.failed(kind)
//   player.className                    the video element's classes

/** A session that fails before its first frame is tried again after this long (ms), at most 5 times in a row. */
const RETRY_MS = 1000
const MAX_RETRIES = 5

/**
 * Plays a chain of sessions in `box`. `next(playedMs)` resolves to the next session's URL (`playedMs`:
 * media received so far, for a playback's next window) or null when there is no more. `events`:
 * onPlaying(), onEnded(), onFailed(kind or message), onPlaceholder(reason) (HLS).
 */
export class SessionChain {
    constructor(box, player, next, events, label) {
        this.box = box
        this.player = player
        this.next = next
        this.events = events
        this.label = label
        this.sessions = []
        this.playedMs = 0
        this.failures = 0
        this.stopped = false
    }

    async start() {
        const unsupported = await this.player.load()
        if (this.stopped) return
        if (unsupported) return this.events.onFailed(unsupported)
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
        if (!url) return this.events.onEnded && this.events.onEnded()
        this.open(url)
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
        Object.assign(video, { muted: true, playsInline: true, autoplay: true, className: this.player.className })
        video.setAttribute('data-active', 'false')
        if (this.label) video.setAttribute('aria-label', this.label)
        this.box.insertBefore(video, this.box.firstChild)
        // base: the media played before this session, so its position is base + its time.
        const session = { video, handle: null, done: false, shown: false, base: this.playedMs }
        this.sessions.push(session)
        video.addEventListener('playing', () => this.show(session))
        session.handle = this.player.attach(video, url, {
            ended: () => this.ending(session),
            failed: (kind) => this.failed(session, kind),
            placeholder: (reason) => this.events.onPlaceholder && this.events.onPlaceholder(reason),
        })
    }

    /** A session's first frame: it comes to the front and the ones before it go. */
    show(session) {
        if (session.shown || this.stopped) return
        session.shown = true
        this.failures = 0
        session.video.setAttribute('data-active', 'true')
        this.box.appendChild(session.video)
        const at = this.sessions.indexOf(session)
        for (const s of this.sessions.filter((x, i) => x !== session && i < at)) this.close(s)
        this.events.onPlaying()
    }

    /** A session's end came (or is near: its playlist ended): the next one starts behind it. */
    ending(session) {
        if (session.done || this.stopped) return
        session.done = true
        const v = session.video
        if (v.buffered && v.buffered.length) this.playedMs += Math.round(v.buffered.end(v.buffered.length - 1) * 1000)
        this.advance()
    }

    /** A session failed: before its first frame it is tried again (5 times in a row); a shown one
     * ends; an expired address is the caller's to renew. A session a newer one replaces keeps its
     * last picture until that one shows. */
    failed(session, kind) {
        if (this.stopped || !this.sessions.includes(session)) return
        if (session !== this.sessions[this.sessions.length - 1]) return
        if (kind === 'expired') {
            session.done = true
            return this.events.onFailed('expired')
        }
        if (session.shown) return this.ending(session)
        this.close(session)
        if (++this.failures > MAX_RETRIES) return this.events.onFailed(kind)
        this.retry = setTimeout(() => this.advance(), RETRY_MS)
    }

    close(session) {
        this.sessions = this.sessions.filter((s) => s !== session)
        try {
            if (session.handle) session.handle.destroy()
        } catch {
            /* already gone */
        }
        // Without load() after the src goes, Chromium's own HLS player (Chromium 141 on) keeps fetching
        // a session that had not shown its first frame yet, also out of the page.
        session.video.removeAttribute('src')
        session.video.load()
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
