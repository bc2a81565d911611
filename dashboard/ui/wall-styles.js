// The wall's styles, put into the page once (as styles.js for the panel). Colours come from the
// dashboard's theme (Vuetify's --v-theme-* variables) and its components; the only colours of the
// wall's own are over the pictures (a black stage, light text on a dark veil). Phone: one column;
// wider: as many columns of at least 260 px as fit. The tiles of a row are as tall as the tallest (the
// grid stretches them) and a head takes the room its chips leave, so every stage of a row sits at the
// same height, whether or not a tile's chips wrap.
export const WALL_CSS = `
.ezw-wall { width: 100%; min-width: 0; box-sizing: border-box; color: rgb(var(--v-theme-on-surface)); }
.ezw-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 8px; }
@media (max-width: 600px) { .ezw-grid { grid-template-columns: 1fr; } }
.ezw-tile { display: flex; flex-direction: column; min-width: 0; overflow: hidden; }
.ezw-tile.ezw-alarming { outline: 2px solid rgb(var(--v-theme-error)); outline-offset: -2px; }
.ezw-head { display: flex; flex-wrap: wrap; align-items: center; align-content: flex-start; gap: 4px 6px;
  padding: 6px 8px; min-height: 44px; flex: 1 0 auto; }
.ezw-name { font-weight: 500; flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ezw-chips { display: flex; flex-wrap: wrap; gap: 4px; }
.ezw-stage { position: relative; flex: none; aspect-ratio: 16 / 9; background: #000; cursor: pointer; outline: none; }
.ezw-stage:focus-visible { box-shadow: inset 0 0 0 3px rgb(var(--v-theme-primary)); }
.ezw-stage .ezw-picture { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
.ezw-note { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 8px;
  text-align: center; color: #fff; background: rgba(0,0,0,.6); font-size: 13px; }
.ezw-opened { display: flex; flex-direction: column; gap: 8px; }
.ezw-opened > .v-btn { align-self: flex-start; min-height: 44px; }
`
