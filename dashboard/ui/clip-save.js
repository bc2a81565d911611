// The panel's clip download in the browser (docs/behaviour.md section 21): the file the runtime
// saved (its bytes come over the widget's socket: no address or code of the camera reaches the
// page) handed to the browser as a download under the name the runtime gave it.

/** Saves `bytes` (an ArrayBuffer or a view of one) as the file `name` (video/mp4). */
export function saveFile(bytes, name) {
    const url = URL.createObjectURL(new Blob([bytes], { type: 'video/mp4' }))
    const a = document.createElement('a')
    a.href = url
    a.download = name
    a.style.display = 'none'
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60000)
}
