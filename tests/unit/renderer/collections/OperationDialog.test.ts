/**
 * The Destroy confirmation counts the collection's images before it asks, and each language
 * says the count its own way: French counts 0 as singular, so the empty case has its own words.
 */
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import OperationDialog from '../../../../src/renderer/collections/OperationDialog.svelte';

afterEach(() => words.use('en'));

// jsdom has no modal dialogs: showModal and close only mark the dialog open or closed here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

async function asked(images: number): Promise<string> {
  const api = fakeApi({ 'collections.count': () => ({ images }) });
  render(OperationDialog, {
    props: {
      kind: 'destroy',
      collectionId: 'c1',
      collectionName: 'Cols',
      onDone: () => undefined,
      onClose: () => undefined,
    },
    context: contextOf(provided(apiContext, api)),
  });
  const question = await screen.findByText(/^Détruire « Cols »/);
  await expect.poll(() => question.textContent).not.toContain('…');
  return question.textContent!.trim();
}

test('in French, an empty collection and one of two images are asked about in their words', async () => {
  await words.use('fr');
  const empty = await asked(0);
  expect(empty).toContain(
    'Elle ne contient aucune image : seule la collection elle-même est retirée.',
  );
  expect(empty).not.toMatch(/\b0 image/);
  cleanup();
  expect(await asked(2)).toContain(
    'Ses 2 images seront retirées d’abord, puis la collection elle-même.',
  );
});
