// admin.systext's language tags and interface-text keys: checked by the server (systext acts,
// GET /locale-overrides/{language}) and by the screen before it asks.
export const LANGUAGE_RE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const KEY_RE = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
