// The widget's texts (en-US and zh-CN), chosen by the browser's language: Dashboard 2 has no
// language of its own. Placeholders are {name}; values are inserted as text (Vue escapes them).
import en from './locales/en-US.json'
import zh from './locales/zh-CN.json'

const CATALOGS = { 'en-US': en, 'zh-CN': zh }

/** The catalog language for a list of browser languages: zh* -> zh-CN, anything else en-US. */
export function pickLanguage(langs) {
    for (const l of langs || []) {
        if (/^zh\b/i.test(l)) return 'zh-CN'
        if (/^en\b/i.test(l)) return 'en-US'
    }
    return 'en-US'
}

export function translator(lang) {
    const catalog = CATALOGS[lang] || en
    return (key, args) => {
        let text = key.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), catalog)
        if (typeof text !== 'string')
            text = key.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), en)
        if (typeof text !== 'string') return key
        return text.replace(/\{(\w+)\}/g, (m, k) => (args && args[k] !== undefined ? String(args[k]) : m))
    }
}
