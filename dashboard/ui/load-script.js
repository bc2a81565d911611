// A player library loaded from the package's resources on first use (hls.js for live, mpegts.js
// for playback): one script element per library and page, its global handed back; a failed load
// may be tried again.

const loading = {}

/** window[name] once the script at src has run (at most one load at a time per name). */
export function loadScript(src, name) {
    if (typeof window !== 'undefined' && window[name]) return Promise.resolve(window[name])
    if (!loading[name]) {
        loading[name] = new Promise((resolve, reject) => {
            const s = document.createElement('script')
            s.src = src
            s.async = true
            s.onload = () => (window[name] ? resolve(window[name]) : reject(new Error(`${src} did not load`)))
            s.onerror = () => {
                delete loading[name]
                reject(new Error(`${src} did not load`))
            }
            document.head.appendChild(s)
        })
    }
    return loading[name]
}
