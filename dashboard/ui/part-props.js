// The props several parts of the widget take, declared once with what they mean. A part names the
// ones it takes beside its own: `props: { ...partProps('camera', 'ready'), covered: {...} }`.

const PROPS = {
    /** The camera (serial/channel): a new camera starts the part anew. */
    camera: { type: String, required: true },
    /** Connected to Node-RED with a camera: the controls act, the live view may play. */
    ready: { type: Boolean, default: false },
    /** `hls` (hls.js, or the browser itself) or `flv` (mpegts.js). */
    protocol: { type: String, default: 'hls' },
    /** The control does nothing and says so (not ready). */
    disabled: { type: Boolean, default: false },
    /** The pad's directions and its zoom keys shown (where the pad is). */
    showPad: { type: Boolean, default: false },
    showZoom: { type: Boolean, default: false },
    /** The switches shown (empty: none) and their states: name -> true, false or null (unknown). */
    switchList: { type: Array, default: () => [] },
    switchState: { type: Object, default: () => ({}) },
    /** The clip playing back, or null while live. */
    playing: { type: Object, default: null },
}

/** The declarations of the shared props named (a name not declared here is a mistake: it throws). */
export function partProps(...names) {
    return Object.fromEntries(
        names.map((name) => {
            if (!PROPS[name]) throw new Error(`part-props: no shared prop ${name}`)
            return [name, PROPS[name]]
        }),
    )
}
