// The widget's styles, put into the page once by the component (Dashboard 2 loads one script
// per widget library and no style sheet of its own). Colours come from the dashboard's theme
// (Vuetify's --v-theme-* variables) and its components; the only colours of the panel's own are
// over the video (black stage, light text on a dark veil), where the theme's would not read.
export const CSS = `
.ezc-panel { display: flex; flex-direction: column; gap: 8px; width: 100%; min-width: 0; box-sizing: border-box;
  color: rgb(var(--v-theme-on-surface)); }
.ezc-head { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; min-width: 0; }
.ezc-title { font-weight: 500; flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ezc-chips { display: flex; flex-wrap: wrap; gap: 4px; }
.ezc-stage { flex: none; aspect-ratio: 16 / 9; max-height: 70vh; position: relative; background: #000; border-radius: 4px; overflow: hidden; }
.ezc-stage.ezc-full, .ezc-stage:fullscreen { border-radius: 0; aspect-ratio: auto; max-height: none; }
.ezc-live { position: absolute; inset: 0; }
.ezc-screen, .ezc-screen .ezc-video { position: absolute; inset: 0; }
.ezc-video { width: 100%; height: 100%; object-fit: contain; display: block; }
.ezc-placeholder, .ezc-over { position: absolute; inset: 0; display: flex; flex-direction: column; gap: 6px; align-items: center;
  justify-content: center; padding: 12px; text-align: center; color: #fff; background: rgba(0,0,0,.6); font-size: 14px; }
.ezc-over { z-index: 1; }
.ezc-thumb-btn { position: absolute; inset: 0; padding: 0; border: 0; background: transparent; cursor: zoom-in; z-index: 2; }
.ezc-thumb-btn.ezc-thumb { inset: auto 8px 8px auto; width: min(20%, 240px); max-height: 25%; border: 2px solid #fff; border-radius: 4px; overflow: hidden; }
.ezc-picture { width: 100%; height: 100%; object-fit: contain; display: block; }
.ezc-big { position: absolute; inset: 0; z-index: 3; background: #000; }
.ezc-stage-tools { position: absolute; top: 6px; right: 6px; display: flex; gap: 4px; z-index: 4; }
.ezc-stage-tools .v-btn.v-btn--icon { width: 44px; height: 44px; }
.ezc-pad-over { position: absolute; left: 8px; bottom: 8px; z-index: 2; opacity: .85; }
.ezc-controls { flex-shrink: 0; display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.ezc-pad-wrap { display: grid; grid-template-columns: auto auto; gap: 8px; align-items: start; justify-content: start; }
.ezc-pad { display: grid; grid-template-columns: repeat(3, auto); gap: 4px; outline: none; border-radius: 8px; }
.ezc-pad:focus-visible { box-shadow: 0 0 0 2px rgb(var(--v-theme-primary)); }
.ezc-zoom { display: flex; flex-direction: column; gap: 4px; }
.ezc-btn { touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none; }
.ezc-pad .v-btn.v-btn--icon, .ezc-zoom .v-btn.v-btn--icon { width: 48px; height: 48px; }
.ezc-speed { grid-column: 1 / -1; height: auto !important; }
.ezc-speed .v-btn { min-height: 44px; }
.ezc-side { display: flex; flex-direction: column; gap: 6px; min-width: 0; flex: 1 1 150px; }
.ezc-side > .v-btn, .ezc-presets .v-btn { min-height: 44px; }
.ezc-presets { display: flex; flex-wrap: wrap; gap: 4px; }
.ezc-switches { display: flex; flex-direction: column; }
.ezc-switch { flex: 0 0 auto; }
.ezc-switch .v-selection-control { min-height: 44px; }
.ezc-status { flex-shrink: 0; opacity: .85; min-height: 1.4em; overflow-wrap: anywhere; }
.ezviz-timeline-area { flex-shrink: 0; min-width: 0; }
.ezviz-timeline-area:empty { display: none; }
`

/** The styles into the page, once for every panel (and widget) of it. */
/** Puts `css` into the page once, as the style element `id` (the panel's, the timeline's, the wall's). */
export function injectCss(id, css) {
    if (typeof document === 'undefined' || document.getElementById(id)) return
    const el = document.createElement('style')
    el.id = id
    el.textContent = css
    document.head.appendChild(el)
}

export const injectStyles = () => injectCss('ezviz-camera-styles', CSS)
