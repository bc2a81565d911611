// What each alarm was, on the panel (docs/behaviour.md section 21, docs/alarm-kinds.md): an icon of the
// Material Design Icons Dashboard 2 ships and the kind's name from the widget's catalog (`kind.<kind>`),
// never an icon alone; the kinds in the table's order for the filter.

export const KIND_ICONS = {
    motion: 'mdi-motion-sensor',
    human: 'mdi-human',
    vehicle: 'mdi-car',
    'human-or-vehicle': 'mdi-human-male-female',
    face: 'mdi-face-recognition',
    plate: 'mdi-card-text-outline',
    'line-crossing': 'mdi-vector-line',
    intrusion: 'mdi-vector-square',
    loitering: 'mdi-timer-sand',
    pir: 'mdi-thermometer',
    doorbell: 'mdi-doorbell',
    sound: 'mdi-volume-high',
    tamper: 'mdi-eye-off-outline',
    battery: 'mdi-battery-alert',
    storage: 'mdi-sd',
    door: 'mdi-door-open',
    smoke: 'mdi-smoke-detector',
    gas: 'mdi-gas-cylinder',
    water: 'mdi-water-alert',
    panic: 'mdi-alarm-light',
    other: 'mdi-bell-outline',
}
const KINDS = Object.keys(KIND_ICONS)

/** An alarm's kind as the panel knows it (an unknown word: `other`). */
export const kindOf = (e) => (e && KIND_ICONS[e.kind] ? e.kind : 'other')

export const kindIcon = (e) => KIND_ICONS[kindOf(e)]

/** The name of the face an alarm recognized, else '' (the runtime sends it where it knows one). */
export const faceName = (e) => (e && typeof e.face === 'string' ? e.face.trim() : '')

/** What an alarm was, in words: the kind's name with the recognized face's name, else with the
 * alarm's own name where it says more. */
export function alarmWhat(e, t) {
    const kind = t(`kind.${kindOf(e)}`)
    const face = faceName(e)
    if (face) return t('timeline.faceNamed', { kind, name: face })
    const name = e && typeof e.name === 'string' ? e.name.trim() : ''
    return name && name.toLowerCase() !== kind.toLowerCase() ? t('timeline.kindNamed', { kind, name }) : kind
}

/** The kinds among `events`, in the table's order. */
export function kindsAmong(events) {
    const found = new Set(events.map(kindOf))
    return KINDS.filter((k) => found.has(k))
}

/** The events of the kinds chosen (none chosen: all). */
export function ofKinds(events, chosen) {
    return chosen.length ? events.filter((e) => chosen.includes(kindOf(e))) : events
}
