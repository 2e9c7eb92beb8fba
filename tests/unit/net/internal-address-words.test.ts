/**
 * A connection refused because its name leads to this computer or its local network says so in
 * the user's language: the range's kind in words, the address and the range as they are.
 */
import { expect, it } from 'vitest';
import { InternalAddress } from '../../../src/engine/net/address-policy.ts';
import { internalRange } from '../../../src/engine/net/address-ranges.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';

it('says in German where a name leads, an IPv4 form inside IPv6 too', async () => {
  const german = await loadTranslator('de');
  const privateOne = new InternalAddress('tiles.example', '10.1.2.3', internalRange('10.1.2.3')!);
  expect(german.say(privateOne.said!)).toBe(
    'tiles.example liegt bei 10.1.2.3, eine private Adresse (10.0.0.0/8), auf diesem Computer oder in seinem lokalen Netz',
  );
  expect(privateOne.message).toBe(
    'tiles.example is at 10.1.2.3, a private address (10.0.0.0/8), on this computer or its local network',
  );
  const mapped = internalRange('::ffff:127.0.0.1')!;
  expect(german.say(mapped.said)).toBe(
    'eine Loopback-Adresse (dieser Computer) in IPv4-gemappter Form',
  );
  expect(mapped.kind).toBe('an IPv4-mapped form of a loopback address (this computer)');
});
