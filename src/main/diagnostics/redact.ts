/**
 * What Save diagnostics cuts out of every file it packs, whatever wrote it: the secrets the app
 * holds (the token, the client secret, the proxy password, each replaced wherever it appears),
 * and anything shaped like one (a JWT, an Authorization value, a signed URL's signature, a
 * password in a URL, a JSON field named like a secret). Logs are written without secrets; this
 * is the second line, for a line that slipped through or an error a service echoed.
 */
import { redact } from '../api/errors.ts';

const CUT = '[redacted]';

/** Query parameters that carry a signature or a credential (S3, Azure, GCS, CloudFront, ours). */
const SECRET_QUERY =
  /([?&;](?:sig|signature|token|access_token|id_token|refresh_token|key|api_key|apikey|password|secret|client_secret|credential|policy|key-pair-id|se|sp|sv|st|skoid|sktid|x-amz-[\w-]+|x-goog-[\w-]+)=)[^&#\s"'<>]*/gi;
/** `Authorization: Bearer x`, `"authorization":"Basic x"`, `Proxy-Authorization=x`. */
const AUTH_VALUE =
  /((?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token)\s+)?)[^\s"',;]+/gi;
/** The password of a URL: `http://user:password@proxy`. */
const URL_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^\s/:@"']+:)[^\s/@"']+@/gi;
/** A JSON or key=value field whose name says it is secret. */
const SECRET_FIELD =
  /(["']?(?:[\w-]*(?:secret|password|passwd|token|api_?key|signature)[\w-]*)["']?\s*[:=]\s*["']?)([^\s"',;&}]+)/gi;

/** Values of a secret-named field that are a state, not a secret. */
const SAYS_NOTHING =
  /^(?:held|none|missing|absent|expired|refused|set|unset|true|false|null|undefined|yes|no|\[redacted\])$/i;

/** The text with every known secret and every secret-shaped part replaced by [redacted]. */
export function redactSecrets(
  text: string,
  secrets: readonly (string | null | undefined)[],
): string {
  let out = redact(
    text,
    secrets.map((s) => s ?? undefined),
  );
  out = out.replace(URL_PASSWORD, `$1${CUT}@`);
  out = out.replace(SECRET_QUERY, `$1${CUT}`);
  out = out.replace(AUTH_VALUE, `$1${CUT}`);
  out = out.replace(SECRET_FIELD, (whole, name: string, value: string) =>
    // "tokenHeld": true, "tokenSecondsLeft": 3400, "Token: held" say nothing secret.
    /held|seconds|expires|left|count|requests/i.test(name) || SAYS_NOTHING.test(value)
      ? whole
      : `${name}${CUT}`,
  );
  return out;
}
