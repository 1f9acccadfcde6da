import type { Plain } from './plain-state.js';

/**
 * What the audit shows in place of a value it may not show: personal data the asker may not see
 * (only site admins do), personal data whose key was destroyed (an erased account: nothing can
 * open it, for anyone), and secrets nobody reads back (password and token hashes).
 */
export type HiddenReason = 'personal' | 'erased' | 'secret';
export type Hidden = { readonly $hidden: HiddenReason };
export const hidden = (reason: HiddenReason): Hidden => ({ $hidden: reason });

export const isHidden = (value: unknown): value is Hidden =>
  typeof value === 'object' && value !== null && typeof (value as Hidden).$hidden === 'string';

/** Field names that hold a hash of a password or token, wherever they sit. */
const SECRET_KEYS: ReadonlySet<string> = new Set(['passwordHash', 'tokenHash', 'refreshTokenHash', 'currentHash', 'usedHashes']);

export const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key);

/** The value with every secret field replaced, at any depth. */
export const hideSecrets = (value: Plain): Plain => {
  if (Array.isArray(value)) return (value as readonly Plain[]).map(hideSecrets);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, Plain> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v !== null ? hidden('secret') : hideSecrets(v);
  return out;
};

/**
 * The value with what each path names (`invites.*.email`: `*` any key) replaced by `replace(old)`.
 * Paths that lead nowhere are left alone.
 */
export const replacePaths = (value: Plain, paths: readonly string[], replace: (old: Plain) => Plain): Plain => {
  let out = value;
  for (const path of paths) out = replaceAt(out, path.split('.'), replace);
  return out;
};

const replaceAt = (value: Plain, parts: readonly string[], replace: (old: Plain) => Plain): Plain => {
  if (parts.length === 0) return replace(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = parts as [string, ...string[]];
  const obj = value as { readonly [key: string]: Plain };
  const keys = head === '*' ? Object.keys(obj) : head in obj ? [head] : [];
  if (keys.length === 0) return value;
  const out: Record<string, Plain> = { ...obj };
  for (const k of keys) out[k] = replaceAt(obj[k]!, rest, replace);
  return out;
};
