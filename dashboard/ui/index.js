// The widget library: Dashboard 2 loads resources/ui-ezviz-camera.umd.js and takes each widget's
// component from window[<widget type>] (package.json node-red-dashboard-2.widgets): the panel from
// window['ui-ezviz-camera'] (this library's own name), the wall, which reuses the panel and its live
// view, from window['ui-ezviz-wall'] (the same file, loaded once).
import UIEzvizCamera from './components/UIEzvizCamera.vue'
import UIEzvizWall from './components/UIEzvizWall.vue'

if (typeof window !== 'undefined') window['ui-ezviz-wall'] = { UIEzvizWall }

export { UIEzvizCamera, UIEzvizWall }
