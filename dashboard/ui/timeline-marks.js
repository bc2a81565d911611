// The timeline's drawing (docs/behaviour.md section 21), pure: a day's recordings and alarms as
// places on the bar (per cent of the day), their labels, the tap targets.

import { alarmWhat, kindIcon } from './kinds.js'

export const DAY_MS = 86400000

/** Local midnight of the day of `ms`. */
export function dayStartOf(ms) {
    const d = new Date(ms)
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

export const hhmm = (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
export const hhms = (ms) =>
    new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The recordings of the day as drawn: where, how wide, their source and label. */
export function clipsOf(items, day, t) {
    return items.map((r, i) => {
        const from = Math.max(r.start, day)
        const to = Math.min(r.end, day + DAY_MS)
        const source = r.source === 'cloud' ? 'cloud' : 'sd-card'
        return {
            ...r,
            source,
            key: i,
            left: ((from - day) / DAY_MS) * 100,
            width: Math.max(0.3, ((to - from) / DAY_MS) * 100),
            label: t('timeline.clip', { from: hhmm(r.start), to: hhmm(r.end), source: t(`timeline.source.${source}`) }),
        }
    })
}

/** The day's alarms as marks: those closer than a mark's width (0.4 % of the day, about 6 min) are
 * one mark, the newest's (its kind's icon and name), that says how many more it holds. */
export function marksOf(events, day, t) {
    const out = []
    const inDay = events.filter((e) => e.time >= day && e.time < day + DAY_MS)
    for (const e of [...inDay].sort((a, b) => b.time - a.time)) {
        const left = ((e.time - day) / DAY_MS) * 100
        const last = out[out.length - 1]
        if (last && last.left - left < 0.4) {
            last.more += 1
            last.times.push(e.time)
        } else out.push({ ...e, left, more: 0, times: [e.time] })
    }
    return out.map((m) => {
        const args = { time: hhmm(m.time), name: alarmWhat(m, t), more: m.more }
        return { ...m, icon: kindIcon(m), label: t(m.more ? 'timeline.alarms' : 'timeline.alarm', args) }
    })
}

/** A tap target centred on `center` (% of the day), `width` % wide and at least 44 px, inside the bar. */
export function tapTarget(center, width) {
    const w = `max(${width}%, 44px)`
    return { width: w, left: `clamp(0px, calc(${center}% - ${w} / 2), calc(100% - ${w}))` }
}

/** The clip to play for a tap on `clip` at `ev` (a pointer's moment on the bar, else by keyboard: the
 * tapped recording from its start): {source, start, end, at}. */
export function tapPlay(clips, clip, ev, rect, day) {
    const time = day + Math.round(Math.min(1, Math.max(0, (ev.clientX - rect.left) / rect.width)) * DAY_MS)
    const under = (c) => c.start <= time && time < c.end
    const pick =
        ev.detail > 0 ? clips.find((c) => c.source === clip.source && under(c)) || clips.find(under) || clip : clip
    const at = ev.detail > 0 ? Math.min(Math.max(time, pick.start), pick.end - 2000) : Math.max(clip.start, day)
    return { source: pick.source, start: pick.start, end: pick.end, at: Math.max(pick.start, at) }
}

/** What an alarm (a mark or a thumbnail) plays: the recording of its moment, from 5 s before it (a mark
 * of several `times`: the newest that was recorded); null when none holds it. */
export function alarmPlay(items, times) {
    const under = (t) => items.find((c) => c.start <= t && t < c.end)
    const time = times.find(under) ?? times[0]
    const clip = under(time)
    if (!clip) return null
    const at = Math.max(clip.start, Math.min(time - 5000, clip.end - 2000))
    return { source: clip.source === 'cloud' ? 'cloud' : 'sd-card', start: clip.start, end: clip.end, at }
}

/** Why a day's list failed, in the panel's words (an offline camera: the node's hint names a `source`
 * setting the panel has not), or null. */
export function dayFailure(r, t) {
    if (r.ok) return null
    const e = r.error
    if (!e) return t('timeline.refused', { reason: r.refused })
    return String(e.code) === '20007' ? t('timeline.offline') : `${e.code} ${e.message}`
}
