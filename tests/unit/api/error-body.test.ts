/**
 * Error bodies of any form (interface 7: "not shown") give the status and the service's own words:
 * the JSON shapes providers use, text, HTML pages, nothing; never '[object Object]'.
 */
import { describe, expect, it } from 'vitest';
import { wordsOfBody } from '../../../src/engine/api/error-body.ts';
import { errorFromText } from '../../../src/engine/api/errors.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

/** An operation named by its id alone: its English is "x". */
const X = said('api.op.show', { kind: 'other', id: 'x' });

const JSON_TYPE = 'application/json';

describe('the words of an error body', () => {
  it.each([
    [
      'ours',
      {
        error: { status: 400, code: 'invalid_parameter', parameter: 'bbox', message: 'Bad bbox.' },
      },
      { message: 'Bad bbox.', code: 'invalid_parameter', parameter: 'bbox' },
    ],
    [
      'OAuth',
      { error: 'invalid_client', error_description: 'Unknown client.' },
      { message: 'Unknown client.', code: 'invalid_client' },
    ],
    ['OAuth without a description', { error: 'invalid_token' }, { message: 'invalid_token' }],
    ['{error: text}', { error: 'Camera not found' }, { message: 'Camera not found' }],
    ['{message}', { message: 'Rate limit exceeded', code: 'throttled' }, { code: 'throttled' }],
    ['{detail}', { detail: 'Not found.' }, { message: 'Not found.' }],
    [
      'RFC 7807',
      { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'limit is too large' },
      { message: 'Bad Request: limit is too large' },
    ],
    [
      'RFC 7807 with invalid params',
      { title: 'Invalid', detail: 'See the fields.', invalid_params: [{ name: 'bbox' }] },
      { message: 'Invalid: See the fields.', parameter: 'bbox' },
    ],
    [
      '{errors: [{message}]}',
      { errors: [{ message: 'bbox is wrong', field: 'bbox' }, { message: 'limit too big' }] },
      { message: 'bbox is wrong; limit too big', parameter: 'bbox' },
    ],
    [
      '{errors: {field: [messages]}} (Rails)',
      { errors: { name: ["can't be blank"], tags: ['too many', 'too long'] } },
      { message: "name: can't be blank; tags: too many, too long" },
    ],
    ['a JSON string', 'Service unavailable', { message: 'Service unavailable' }],
    [
      'an unknown shape',
      { fault: { faultstring: 'Quota exceeded', detail: { errorcode: 'policies.quota' } } },
      { message: 'Quota exceeded; policies.quota' },
    ],
    [
      'fields that are not text',
      { error: { message: { text: 'lost' }, code: ['x'] }, status: 404 },
      { message: 'lost; x' },
    ],
  ])('reads %s', (_shape, body, expected) => {
    expect(wordsOfBody(JSON.stringify(body), JSON_TYPE)).toMatchObject(expected);
  });

  it('reads an HTML page: its title and what it shows, not its script or style', () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title>
      <style>body { color: red }</style><script>var x = "<p>";</script></head>
      <body><!-- upstream --><center><h1>502 Bad Gateway</h1></center>
      <hr><center>nginx &amp; friends&#33; &quot;upstream&quot;</center></body></html>`;
    expect(wordsOfBody(page, 'text/html').message).toBe(
      '502 Bad Gateway nginx & friends! "upstream"',
    );
    expect(wordsOfBody('<html><body><p>Down for maintenance</p></body></html>', null)).toEqual({
      message: 'Down for maintenance',
    });
  });

  it('reads a hostile page (64 KB of unclosed comments, tags, blocks) for its words only', () => {
    const page = (filler: string) =>
      `<html><body><p>Bad gateway</p>${filler.repeat(Math.ceil((64 * 1024) / filler.length))}`;
    // Each once took the main process seconds (lazy regular expressions read it again from
    // every start) and showed the filler as words.
    expect(wordsOfBody(page('<!--'), 'text/html').message).toBe('Bad gateway');
    expect(wordsOfBody(page('<script>'), 'text/html').message).toBe('Bad gateway');
    expect(wordsOfBody(page('<head '), 'text/html').message).toBe('Bad gateway');
    expect(wordsOfBody(page('<title>'), 'text/html').message).toBe('Bad gateway');
    expect(wordsOfBody(page('<a'), 'text/html').message).toBe('Bad gateway');
    expect(wordsOfBody(`<p>Bad gateway</p>${'<'.repeat(65_536)}>`, 'text/html').message).toBe(
      'Bad gateway',
    );
  });

  it('reads text, whatever its white space, and nothing as nothing', () => {
    expect(wordsOfBody('  Too many\r\n\trequests\u0000 ', 'text/plain').message).toBe(
      'Too many requests',
    );
    expect(wordsOfBody('{not json', JSON_TYPE).message).toBe('{not json');
    expect(wordsOfBody('', null).message).toBe('');
    expect(wordsOfBody('   ', 'text/html').message).toBe('');
  });
});

describe('errors from any body', () => {
  it('always give the status, and the service words when it sent some', () => {
    const forms: [string, string | null][] = [
      ['', null],
      ['<html><title>Oops</title></html>', 'text/html'],
      ['{"detail": "No such recording"}', 'application/problem+json'],
      ['[1, 2]', JSON_TYPE],
      ['{}', JSON_TYPE],
      ['null', JSON_TYPE],
    ];
    for (const [text, type] of forms) {
      const error = errorFromText(
        said('api.op.show', { kind: 'recordings', id: 'r1' }),
        404,
        text,
        type,
        [],
      );
      expect(error.message).toMatch(/^recording r1 failed: .+ \(HTTP 404\)\.$/);
      expect(error.message).not.toContain('[object Object]');
    }
    expect(errorFromText(X, 404, '<title>Oops</title>', null, []).serviceMessage).toBe('Oops');
    expect(errorFromText(X, 404, '', null, []).serviceMessage).toBe('not found');
  });

  it('take secrets and tokens out of the words and the operation, then cut', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
    const page = `<p>Bad token ${jwt}, clipped eyJhbGciOiJIUzI1 and s3cr<b></b>et-value</p>`;
    const error = errorFromText(
      said('api.op.show', { kind: 'cameras', id: 's3cret-value' }),
      400,
      page,
      'text/html',
      ['s3cret-value'],
    );
    expect(error.message).toBe(
      'camera [redacted] failed: Bad token [redacted], clipped [redacted] and [redacted] (HTTP 400).',
    );
    const long = errorFromText(X, 400, `${'word '.repeat(400)}`, 'text/plain', []);
    expect(long.serviceMessage.length).toBeLessThanOrEqual(1000);
  });

  it('say how long to wait when the service limits requests', () => {
    const error = errorFromText(X, 429, 'Slow down', 'text/plain', [], 90_000);
    expect(error.message).toBe(
      'x failed: Slow down (HTTP 429). The service is limiting requests; try again in 90 s.',
    );
    expect(error.retryAfterMs).toBe(90_000);
  });
});
