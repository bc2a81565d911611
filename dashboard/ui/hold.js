// Press and hold: one `move` when a press starts, a `hold` every 500 ms while it lasts (the
// runtime's dead-man timer stops the camera 1.5 s after the last), one `stop` when it ends:
// release or cancel (a key holds the pointer while pressed: PadKey.vue), the window losing focus,
// the page hidden, the widget gone.
export const CONFIRM_MS = 500

export class Hold {
    /** `send(msg)` emits to the runtime. */
    constructor(send) {
        this.send = send
        this.direction = null
        this.timer = null
    }

    get active() {
        return this.direction !== null
    }

    start(direction, speed) {
        if (this.direction === direction) return
        if (this.direction !== null) this.end()
        this.direction = direction
        this.send({ action: 'move', direction, speed })
        this.timer = setInterval(() => this.send({ action: 'hold' }), CONFIRM_MS)
    }

    /** Ends the press (once, however many of release/leave/cancel/blur arrive). */
    end() {
        if (this.direction === null) return
        this.direction = null
        clearInterval(this.timer)
        this.timer = null
        this.send({ action: 'stop' })
    }

    /** The connection is gone: the runtime stops the move itself; nothing to send. */
    drop() {
        this.direction = null
        clearInterval(this.timer)
        this.timer = null
    }
}

/** Arrow keys while the pad has focus (and with Shift: zoom in / out). */
export function keyDirection(e) {
    const map = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' }
    if (e.shiftKey && e.key === 'ArrowUp') return 'zoom-in'
    if (e.shiftKey && e.key === 'ArrowDown') return 'zoom-out'
    return map[e.key] || null
}
