/**
 * What Save diagnostics cuts out of every file it packs, whatever wrote it: the secrets the app
 * has held (every token of the run, the client secret, the proxy password, the Basic
 * credentials made of them; each replaced wherever it appears, also percent-encoded), and
 * anything shaped like one (a JWT, an Authorization value, a Basic or Bearer credential, a
 * signed URL's signature, also inside a percent-encoded URL, a password in a URL, a JSON field
 * named like a secret). Logs are written without secrets; this is the second line, for a line
 * that slipped through or an error a service echoed.
 */
import { redact } from '../api/errors.ts';

const CUT = '[redacted]';

/** Query parameters that carry a signature or a credential (S3, Azure, GCS, CloudFront, ours). */
const SECRET_PARAMS =
  'sig|signature|token|access_token|id_token|refresh_token|key|api_key|apikey|password|secret|client_secret|credential|policy|key-pair-id|se|sp|sv|st|skoid|sktid|x-amz-[\\w-]+|x-goog-[\\w-]+';
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_PARAMS})=)[^&#\\s"'<>]*`, 'gi');
/**
 * The same query inside a percent-encoded URL (a signed URL given as a parameter of another, or
 * logged encoded): `%3Fsig%3Dabc%26x%3D1`, also encoded twice (`%253F`). The value ends at the
 * next encoded `&`, `#` or `;`.
 */
const ENCODED_QUERY = new RegExp(
  `(%(?:25)*(?:3F|26|3B)(?:${SECRET_PARAMS})%(?:25)*3D)(?:(?!%(?:25)*(?:26|23|3B))[^&#\\s"'<>])*`,
  'gi',
);
const SCHEMES = '(?:bearer|basic|token|negotiate|ntlm|digest)';
/** What was cut already is not cut again (`[[redacted]]`). */
const NOT_CUT = '(?!\\[redacted\\])';
/**
 * `Authorization: Bearer x`, `"authorization":"Basic x"`, `Proxy-Authorization=x`, and headers
 * written as arrays: `authorization: ['Bearer x']`, `["Authorization","Bearer x"]`.
 */
const AUTH_VALUE = new RegExp(
  `((?:proxy-?)?authorization["']?\\s*(?:[:=]|(?<=["'])\\s*,)\\s*${NOT_CUT}\\[?\\s*["']?(?:${SCHEMES}\\s+)?)(?!${SCHEMES}\\s)${NOT_CUT}[^\\s"',;\\]]+`,
  'gi',
);
/** A credential after its scheme wherever it is (`token: 'Basic x'`, a header dump). */
const SCHEME_CREDENTIAL = /\b(bearer|basic)(\s+)([\w.~+/-]+=*)/gi;
/** The password of a URL: `http://user:password@proxy`. */
const URL_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^\s/:@"']+:)[^\s/@"']+@/gi;
/** A JSON or key=value field whose name says it is secret (its value may be in an array). */
const SECRET_FIELD =
  /(["']?(?:[\w-]*(?:secret|password|passwd|token|api_?key|signature)[\w-]*)["']?\s*[:=]\s*(?!\[redacted\])\[?\s*["']?)([^\s"',;&}{[\]]+)/gi;

/** Values of a secret-named field that are a state, not a secret. */
const SAYS_NOTHING =
  /^(?:held|none|missing|absent|expired|refused|set|unset|true|false|null|undefined|yes|no|\[redacted\])$/i;

/** The text with every known secret and every secret-shaped part replaced by [redacted]. */
export function redactSecrets(
  text: string,
  secrets: readonly (string | null | undefined)[],
): string {
  let out = redact(cutKnown(text, secrets), []);
  out = out.replace(URL_PASSWORD, `$1${CUT}@`);
  out = out.replace(SECRET_QUERY, `$1${CUT}`);
  out = out.replace(ENCODED_QUERY, `$1${CUT}`);
  out = out.replace(AUTH_VALUE, `$1${CUT}`);
  out = out.replace(SCHEME_CREDENTIAL, (whole, scheme: string, space: string, value: string) =>
    isCredential(scheme, value) ? `${scheme}${space}${CUT}` : whole,
  );
  out = out.replace(SECRET_FIELD, (whole, name: string, value: string) =>
    // "tokenHeld": true, "tokenSecondsLeft": 3400, "Token: held" say nothing secret.
    /held|seconds|expires|left|count|requests/i.test(name) || SAYS_NOTHING.test(value)
      ? whole
      : `${name}${CUT}`,
  );
  return out;
}

/**
 * Every known secret, as it is and percent-encoded (once and twice), in one pass: the secrets
 * of a long run are many, and the logs they are cut from are megabytes.
 */
function cutKnown(text: string, secrets: readonly (string | null | undefined)[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    const once = encodeURIComponent(secret);
    for (const form of [secret, once, encodeURIComponent(once)]) forms.add(form);
  }
  if (forms.size === 0) return text;
  const longestFirst = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return text.replace(new RegExp(longestFirst.join('|'), 'g'), CUT);
}

/**
 * Whether what follows "Basic" or "Bearer" outside a header is a credential, not prose: a
 * Basic one decodes to readable `user:password`; a Bearer one is long and not only letters.
 */
function isCredential(scheme: string, value: string): boolean {
  if (scheme.toLowerCase() === 'bearer') return value.length >= 8 && /[\d_.~+/=-]/.test(value);
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return value.length >= 4 && /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(decoded);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
