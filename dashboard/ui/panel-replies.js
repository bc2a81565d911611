// What the panel does with the runtime's answer to one of its actions (docs/behaviour.md section
// 14): the status line's words, the switches' and the camera's state, the live address, the
// snapshot. `panel` is the panel component's state, changed in place.

/** The status of a failed action, unless it is the release of a failed move (the move's error stays). */
function failed(panel, reply) {
    if (reply.action === 'stop' && panel.moveFailed) {
        panel.moveFailed = false
        return
    }
    const e = reply.error || {}
    panel.moveFailed = reply.action === 'move'
    panel.status = {
        key: 'status.error',
        // the API's own words, the package's hint after them
        args: {
            action: panel.t(`action.${reply.action}`),
            code: e.code,
            message: e.hint ? `${e.message} · ${e.hint}` : e.message,
        },
    }
}

/** A successful action's effect. */
function succeeded(panel, reply) {
    const t = panel.t
    if (reply.action === 'stop' && panel.moveFailed) {
        panel.moveFailed = false
    } else if (reply.action === 'move') {
        panel.moveFailed = false
        panel.status = { key: 'status.moving', args: { direction: t(reply.direction) } }
    } else if (reply.action === 'stop') {
        panel.status = { key: 'status.stopped' }
    } else if (reply.action === 'preset') {
        panel.status = { key: 'status.preset', args: { preset: reply.name || t('preset', { n: reply.preset }) } }
    } else if (reply.action === 'switch') {
        panel.switchState = { ...panel.switchState, ...(reply.switches || {}) }
        panel.status = {
            key: 'status.switched',
            args: { switch: t(`switch.${reply.switch}`), state: t(`state.${reply.state}`) },
        }
    } else if (reply.action === 'live') {
        panel.liveFailure = null
        panel.liveAddress = reply.live || null
    } else if (reply.action === 'state') {
        panel.switchState = { ...panel.switchState, ...(reply.switches || {}) }
        if (typeof reply.online === 'boolean') panel.online = reply.online
        if (typeof reply.name === 'string') panel.name = reply.name
    } else if (reply.action === 'snapshot') {
        panel.showPicture(reply.picture)
        panel.status = { key: 'status.snapshot' }
    }
}

/** One reply of the runtime on `ezviz-camera:<id>`, applied to the panel. */
export function applyReply(panel, reply) {
    if (!reply || typeof reply !== 'object') return
    if (reply.refused === 'not-allowed') {
        panel.status = { key: 'status.notAllowed' }
    } else if (reply.refused) {
        panel.status = { key: 'status.refused', args: { reason: reply.refused } }
    } else if (reply.replaced) {
        // A later snapshot or switch write of the panel took this one's place (nothing was sent).
        panel.status = { key: 'status.replaced', args: { action: panel.t(`action.${reply.action}`) } }
    } else if (!reply.ok && reply.action === 'live') {
        panel.liveAddress = null
        panel.liveFailure = { ...(reply.error || {}), codeFound: reply.codeFound === true }
    } else if (!reply.ok) {
        failed(panel, reply)
    } else {
        succeeded(panel, reply)
    }
}

/** The panel's socket events: its replies, the connection lost (`panel.dropped()`) and back (the
 * state read again). Returns the function that stops listening. */
export function listenPanel(panel) {
    const socket = panel.$socket
    const replyEvent = `ezviz-camera:${panel.id}`
    const onReply = (reply) => applyReply(panel, reply)
    const onDisconnect = () => panel.dropped()
    const onConnect = () => {
        panel.connected = true
        panel.readState()
    }
    socket.on(replyEvent, onReply)
    socket.on('disconnect', onDisconnect)
    socket.on('connect', onConnect)
    return () => {
        socket.off(replyEvent, onReply)
        socket.off('disconnect', onDisconnect)
        socket.off('connect', onConnect)
    }
}

/** The status line: disconnected, ready, or the last action's outcome. */
export function statusLine({ connected, status, cameraLabel, t }) {
    if (!connected) return t('status.disconnected')
    if (!status) return t('status.ready', { camera: cameraLabel })
    return t(status.key, status.args)
}
