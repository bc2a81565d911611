// The timeline's and the playback's styles, put into the page once (Dashboard 2 loads no style
// sheet of a widget library). Colours are the dashboard theme's (Vuetify's variables), none of
// their own except over the video.
import { injectCss } from './styles.js'

export const TIMELINE_CSS = `
.ezc-timeline { flex-shrink: 0; display: flex; flex-direction: column; gap: 2px; font-size: 13px; }
.ezc-tl-head { display: flex; align-items: center; gap: 4px; }
.ezc-tl-head .v-btn { min-width: 44px; min-height: 44px; }
.ezc-tl-day { min-width: 6em; text-align: center; }
.ezc-tl-bar { position: relative; box-sizing: border-box; height: 46px; border-radius: 4px; background: rgba(var(--v-theme-on-surface), .08);
  border: 1px solid rgba(var(--v-border-color), var(--v-border-opacity)); overflow: hidden; }
.ezc-tl-draw { position: absolute; top: 9px; height: 10px; min-width: 3px; border-radius: 2px; pointer-events: none; }
.ezc-tl-draw-cloud { background: rgb(var(--v-theme-primary)); }
.ezc-tl-draw-sd-card { background: rgb(var(--v-theme-secondary)); top: 23px; }
.ezc-tl-line { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: rgb(var(--v-theme-warning)); pointer-events: none; z-index: 2; }
.ezc-tl-icon { position: absolute; top: 1px; transform: translateX(-50%); pointer-events: none; z-index: 2;
  color: rgb(var(--v-theme-warning)); }
.ezc-kinds { padding: 0; }
.ezc-kinds .v-chip { min-height: 44px; }
.ezc-tl-line-many { width: 4px; margin-left: -2px; }
.ezc-tl-play { position: absolute; top: 0; bottom: 0; width: 0; border-left: 2px dashed rgb(var(--v-theme-on-surface)); pointer-events: none; z-index: 3; }
.ezc-tl-legend { display: flex; gap: 12px; font-size: 11px; opacity: .8; }
.ezc-tl-key::before { content: ''; display: inline-block; width: 12px; height: 6px; margin-right: 4px; border-radius: 2px; vertical-align: middle; }
.ezc-tl-key-cloud::before { background: rgb(var(--v-theme-primary)); }
.ezc-tl-key-sd-card::before { background: rgb(var(--v-theme-secondary)); }
.ezc-tl-clip, .ezc-tl-mark { position: absolute; top: 0; bottom: 0; padding: 0; border: 0; border-radius: 2px; cursor: pointer;
  background: transparent; }
.ezc-tl-clip:focus-visible, .ezc-tl-mark:focus-visible { outline: 2px solid rgb(var(--v-theme-on-surface)); outline-offset: -2px; }
.ezc-tl-now { position: absolute; top: 0; bottom: 0; width: 1px; background: rgb(var(--v-theme-error)); pointer-events: none; z-index: 1; }
.ezc-tl-hours { position: relative; height: 1.3em; opacity: .7; font-size: 11px; }
.ezc-tl-hours span { position: absolute; transform: translateX(-50%); }
.ezc-tl-hours span:first-child { transform: none; }
.ezc-tl-hours span:last-child { transform: translateX(-100%); }
.ezc-strip { display: flex; gap: 6px; overflow-x: auto; padding-bottom: 2px; }
.ezc-strip-item { flex: 0 0 auto; display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 2px; border: 0;
  border-radius: 4px; background: transparent; color: inherit; cursor: pointer; min-width: 44px; min-height: 44px; }
.ezc-strip-item:focus-visible { outline: 2px solid rgb(var(--v-theme-primary)); }
.ezc-strip-img { width: 80px; height: 45px; object-fit: cover; border-radius: 3px; background: rgba(var(--v-theme-on-surface), .08); }
.ezc-strip-time { font-size: 11px; opacity: .8; display: inline-flex; align-items: center; gap: 2px; max-width: 84px;
  overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.ezc-tl-note { opacity: .8; font-size: 12px; min-height: 1.3em; }
.ezc-playback { position: absolute; inset: 0; }
.ezc-clip-save { position: absolute; top: 8px; right: 8px; z-index: 4; min-height: 44px; padding: 0 12px; border: 0; border-radius: 4px;
  background: rgba(0, 0, 0, .6); color: #fff; font: inherit; cursor: pointer; }
.ezc-clip-save:disabled { opacity: .7; cursor: progress; }
.ezc-clip-note { position: absolute; top: 58px; right: 8px; z-index: 4; max-width: 70%; padding: 4px 8px; border-radius: 4px;
  background: rgba(0, 0, 0, .6); color: #fff; font-size: 12px; }
.ezc-flvbox { position: absolute; inset: 0; }
.ezc-flvbox .ezc-flv { position: absolute; inset: 0; }
`

export const injectTimelineStyles = () => injectCss('ezviz-timeline-styles', TIMELINE_CSS)
