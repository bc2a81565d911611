// The widget library (Dashboard 2's third-party widget convention): one UMD file,
// resources/ui-ezviz-camera.umd.js, whose library name is the widget type and which exports the
// component named in package.json (node-red-dashboard-2.widgets). Vue is Dashboard 2's own
// (window.Vue), never bundled. Built by scripts/build.js; never committed.
import { resolve } from 'path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

const LIBRARY_NAME = 'ui-ezviz-camera'

export default defineConfig({
    plugins: [vue()],
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
        sourcemap: false,
        emptyOutDir: false,
        outDir: resolve(import.meta.dirname, 'resources'),
        lib: {
            entry: resolve(import.meta.dirname, 'ui/index.js'),
            name: LIBRARY_NAME,
            formats: ['umd'],
            fileName: (format) => `${LIBRARY_NAME}.${format}.js`,
        },
        rollupOptions: {
            external: ['vue'],
            output: { globals: { vue: 'Vue' } },
        },
    },
})
