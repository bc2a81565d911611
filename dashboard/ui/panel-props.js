// What the panel and the widgets beside it (the wall) share of Dashboard 2's widget set-up.

import { pickLanguage, translator } from './i18n.js'

/** The part of a widget component Dashboard 2 sets up for the panel and the wall alike (a mixin):
 * the props it passes every widget, the translator of the reader's language (`t`), and `prop(name)`,
 * a property as Dashboard 2 holds it now (a flow's msg.ui_update included). It provides its parts
 * (`inject: ['t', 'widgetId', 'players']`) with the translator, the widget's id (the socket's
 * messages name it) and where the players are (hls.js's light build and mpegts.js, served by
 * Node-RED from this package's resources/), so no part passes them on as props. */
export const widgetBase = {
    props: {
        /* Dashboard 2 passes these to every widget */
        id: { type: String, required: true },
        props: { type: Object, default: () => ({}) },
        state: { type: Object, default: () => ({ enabled: false, visible: false }) },
    },
    data() {
        return { t: translator(pickLanguage(typeof navigator !== 'undefined' ? navigator.languages : [])) }
    },
    provide() {
        const players = {
            hls: panelResource(this.$store, 'hls.light.min.js'),
            mpegts: panelResource(this.$store, 'mpegts.js'),
        }
        return { t: this.t, widgetId: this.id, players }
    },
    methods: {
        prop(name) {
            return typeof this.getProperty === 'function'
                ? this.getProperty(name)
                : (this.state?.[name] ?? this.props[name])
        },
    },
}

/** The properties a flow may change with msg.ui_update (the runtime checks them first). */
export const UPDATABLE = [
    'deviceSerial',
    'channelNo',
    'presetList',
    'switchList',
    'padOnVideo',
    'show_live',
    'show_ptz',
    'show_zoom',
    'show_presets',
    'show_snapshot',
    'show_switches',
    'show_status',
    'show_timeline',
]

/** A file of this package's resources/, served by Node-RED under the editor's root (the players,
 * loaded when needed). `store` is the widget's `$store` (Dashboard 2's set-up names the root). */
export function panelResource(store, file) {
    const root = store?.state?.setup?.setup?.RED?.httpAdminRoot || '/'
    return `${root}/resources/node-red-dashboard-2-ezviz/${file}`.replace(/\/{2,}/g, '/')
}

/** A flow's msg.ui_update (Dashboard 2's dynamic properties): the properties set, and a new camera
 * (or switch list) starts the panel's state anew and reads it. `panel` is the panel component. */
export function applyUpdate(panel, msg) {
    const updates = msg && msg.ui_update
    if (!updates || typeof updates !== 'object') return
    const changed = {}
    for (const key of UPDATABLE) if (key in updates) changed[key] = updates[key]
    if (Object.keys(changed).length && typeof panel.setDynamicProperties === 'function')
        panel.setDynamicProperties(changed)
    if ('deviceSerial' in changed || 'channelNo' in changed || 'switchList' in changed) {
        panel.switchState = {}
        panel.online = null
        panel.name = null
        if ('deviceSerial' in changed || 'channelNo' in changed) panel.dropPicture()
        panel.liveAddress = null
        panel.liveFailure = null
        panel.playback = null
        panel.$nextTick(() => panel.readState())
    }
}
