// The widget library: Dashboard 2 loads resources/ui-ezviz-camera.umd.js and takes the component
// from window['ui-ezviz-camera'].UIEzvizCamera (package.json node-red-dashboard-2.widgets).
export { default as UIEzvizCamera } from './components/UIEzvizCamera.vue'
