// The board client's messages: `loadMessages()` fetches the page language's compiled messages
// once (`GET /{lang}/messages.json`, made from client.ftl, common.ftl and games.ftl by
// crates/server/src/i18n/client.rs), and `t(id, args)` formats one.
//
// A pattern is a list of parts: a string; `{"v": name}`, a variable; or `{"s": name, "k": {key:
// pattern}, "d": key}`, a selection on a variable: the exact number key ("0") first, then the
// plural category of the number (`Intl.PluralRules`), then a string key, else the default.
// The server has resolved message and term references, so nothing else of Fluent is needed.
// A missing message gives its id (the tests look for raw ids on the page).

let lang = 'en';
let messages = {};
let plurals = null;
let loading = null;

/** The page's language: `<html lang>`, else `main[data-lang]`, else English. */
export function pageLang() {
  return document.documentElement.lang || document.querySelector('main[data-lang]')?.dataset.lang || 'en';
}

/** The language whose messages are loaded. */
export function currentLang() {
  return lang;
}

/**
 * Fetches the messages of `code` once (later calls share the first). A page may set
 * `window.MANCALA_MESSAGES_URL` (the dev harness does: it has no server). On failure the
 * client goes on with ids rather than not at all.
 */
export function loadMessages(code = pageLang()) {
  if (!loading) {
    const url = window.MANCALA_MESSAGES_URL || `/${code}/messages.json`;
    loading = fetch(url)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`))))
      .then((data) => setMessages(data.lang || code, data.messages || {}))
      .catch((e) => {
        console.error('messages not loaded', e);
        setMessages(code, {});
      });
  }
  return loading;
}

/** Uses `msgs` ({id: pattern}) as the messages of `code` (tests and harnesses). */
export function setMessages(code, msgs) {
  lang = code;
  messages = msgs;
  try {
    plurals = new Intl.PluralRules(code);
  } catch {
    plurals = new Intl.PluralRules('en');
  }
}

/** Whether the message `id` exists. */
export function has(id) {
  return Object.hasOwn(messages, id);
}

function pick(part, args) {
  const value = args[part.s];
  const keys = part.k;
  if (typeof value === 'number') {
    const exact = String(value);
    if (Object.hasOwn(keys, exact)) return keys[exact];
    const cat = plurals ? plurals.select(value) : 'other';
    if (Object.hasOwn(keys, cat)) return keys[cat];
  } else if (value !== undefined && value !== null && Object.hasOwn(keys, String(value))) {
    return keys[String(value)];
  }
  return keys[part.d] || [];
}

function formatInto(pattern, args, out) {
  for (const part of pattern) {
    if (typeof part === 'string') out.push(part);
    else if ('v' in part) out.push(Object.hasOwn(args, part.v) ? args[part.v] : `{$${part.v}}`);
    else if ('s' in part) formatInto(pick(part, args), args, out);
  }
  return out;
}

/**
 * The message `id` as a list of pieces: its text, and the values of its variables as given (so a
 * caller can put an element where a variable stands; see ui.js `tNode`).
 */
export function tParts(id, args = {}) {
  const pattern = messages[id];
  if (!pattern) return [id];
  return formatInto(pattern, args, []);
}

/** The message `id` formatted with `args` (numbers printed as `String(n)`); the id if missing. */
export function t(id, args = {}) {
  return tParts(id, args)
    .map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' && 'textContent' in p ? p.textContent : String(p)))
    .join('');
}

/** Several items as one list in the page's language ("a, b and c"). */
export function list(items) {
  try {
    return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}
