// The widget's styles, put into the page once by the component (Dashboard 2 loads one script
// per widget library and no style sheet of its own).
export const CSS = `
.ezc-panel { display: flex; flex-direction: column; gap: 8px; width: 100%; height: 100%; min-height: 0; box-sizing: border-box; }
.ezc-stage { flex: 1 1 auto; min-height: 96px; position: relative; background: #111; border-radius: 4px; overflow: hidden; }
.ezc-picture { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; display: block; }
.ezc-thumb { inset: auto 6px 6px auto; width: 30%; height: auto; max-height: 40%; border: 2px solid #fff; border-radius: 3px; }
.ezc-live { position: absolute; inset: 0; }
.ezc-video { width: 100%; height: 100%; object-fit: contain; display: block; }
.ezc-placeholder { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 12px;
  text-align: center; color: #eee; background: rgba(0,0,0,.55); font-size: 14px; }
.ezc-controls { flex-shrink: 0; display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.ezc-pad-wrap { display: flex; gap: 8px; align-items: flex-start; }
.ezc-pad { display: grid; grid-template-columns: repeat(3, 48px); grid-template-rows: repeat(3, 48px); gap: 4px; outline: none; border-radius: 6px; }
.ezc-pad:focus-visible { box-shadow: 0 0 0 2px rgb(var(--v-theme-primary, 0 94 184)); }
.ezc-zoom { display: flex; flex-direction: column; gap: 4px; }
.ezc-btn { min-width: 48px; min-height: 48px; border: 1px solid rgba(0,0,0,.25); border-radius: 6px; background: rgba(127,127,127,.12);
  color: inherit; font-size: 18px; cursor: pointer; touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none; }
.ezc-btn:disabled { opacity: .4; cursor: default; }
.ezc-btn:focus-visible { outline: 2px solid rgb(var(--v-theme-primary, 0 94 184)); outline-offset: 1px; }
.ezc-held { background: rgb(var(--v-theme-primary, 0 94 184)); color: #fff; }
.ezc-stop { font-size: 14px; }
.ezc-wide { font-size: 14px; padding: 0 12px; }
.ezc-side { display: flex; flex-direction: column; gap: 6px; min-width: 0; flex: 1 1 120px; }
.ezc-presets, .ezc-switches { display: flex; flex-wrap: wrap; gap: 4px; }
.ezc-switch[aria-checked="true"] { background: rgb(var(--v-theme-primary, 0 94 184)); color: #fff; }
.ezc-switch[data-state="unknown"] { border-style: dashed; }
.ezc-speed { min-height: 32px; border: 1px solid rgba(0,0,0,.25); border-radius: 4px; color: inherit; background: transparent; }
.ezviz-timeline-area { flex-shrink: 0; min-width: 0; }
.ezviz-timeline-area:empty { display: none; }
.ezc-status { flex-shrink: 0; font-size: 13px; opacity: .85; min-height: 1.4em; overflow-wrap: anywhere; }
`
