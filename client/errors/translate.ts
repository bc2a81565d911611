// The translator the client's texts go through (error messages, hints, log lines): a function
// from a key of the shared catalog (nodes/ezviz-config/locales/<lang>/ezviz-config.json) and its
// values to a text. The client never makes one: whoever uses it passes one in (the Node-RED
// runtime: runtime/i18n/i18n.ts; alone: any function, even `(key) => key`). Pure.

export type Translate = (key: string, args?: Record<string, unknown>) => string;
