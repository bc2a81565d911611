// What the panel says over the video (docs/behaviour.md section 21): the camera offline, the lens
// covered, the stream locked (60019: add the camera's code to the config node's list when it holds
// none, else the listed code was not accepted). "The last picture" only where one is shown.

/** The reason over the video, or null: `failure` the live address's error ({code, codeFound}). */
export function overReasonOf({ online, privacy, failure, camera, picture, t }) {
    const code = failure && String(failure.code)
    if (online === false || code === '20007')
        return { icon: 'mdi-lan-disconnect', text: t(picture ? 'over.offlinePicture' : 'over.offline') }
    if (privacy === true || code === '60026') return { icon: 'mdi-eye-off', text: t('over.covered') }
    if (code === '60019')
        return { icon: 'mdi-lock', text: t(failure.codeFound ? 'over.lockedCode' : 'over.locked', { camera }) }
    return null
}
