// A switch's icon and its words for its state ("armed" / "disarmed"), for the chips and the
// switches alike (docs/behaviour.md section 21): each a word and an icon, never a colour alone.

/** The icon of switch `name` in state `value` (true, false or unknown). */
export function switchIcon(name, value) {
    const on = value === true
    if (name === 'defence') return on ? 'mdi-shield-check' : 'mdi-shield-off-outline'
    if (name === 'privacy') return on ? 'mdi-eye-off' : 'mdi-eye'
    return on ? 'mdi-toggle-switch' : 'mdi-toggle-switch-off-outline'
}

/** The switch's word for its state; unknown: its name. */
export function switchText(name, value, t) {
    if (typeof value !== 'boolean') return t(`switch.${name}`)
    return t(`switchState.${name}.${value ? 'on' : 'off'}`, {
        name: t(`switch.${name}`),
        state: t(`state.${value ? 'on' : 'off'}`),
    })
}

/** The state at a glance: the connection, online, armed and private, each a chip with an icon and a word. */
export function stateChips({ connected, online, switchList, switchState, t }) {
    const out = []
    if (!connected)
        out.push({ key: 'connection', state: 'off', icon: 'mdi-lan-disconnect', text: t('chip.disconnected') })
    if (online !== null) {
        out.push({
            key: 'online',
            state: String(online),
            icon: online ? 'mdi-lan-connect' : 'mdi-lan-disconnect',
            text: t(online ? 'chip.online' : 'chip.offline'),
        })
    }
    for (const name of ['defence', 'privacy']) {
        const value = switchState[name]
        if (switchList.includes(name) && typeof value === 'boolean') {
            out.push({
                key: name,
                state: String(value),
                icon: switchIcon(name, value),
                text: switchText(name, value, t),
            })
        }
    }
    return out
}
