/**
 * The Empty and Destroy confirmations count the collection's images before they ask, and each
 * language says the count its own way: French counts 0 as singular, so the empty case has its
 * own words (and emptying a collection with no images has nothing to do).
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

async function asked(images: number, kind: 'empty' | 'destroy' = 'destroy'): Promise<string> {
  const api = fakeApi({ 'collections.count': () => ({ images }) });
  render(OperationDialog, {
    props: {
      kind,
      collectionId: 'c1',
      collectionName: 'Cols',
      onDone: () => undefined,
      onClose: () => undefined,
    },
    context: contextOf(provided(apiContext, api)),
  });
  const question = await screen.findByText(/Cols/);
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

test('in French, emptying asks about one image or many in their words, and none has nothing to do', async () => {
  await words.use('fr');
  expect(await asked(1, 'empty')).toBe(
    'Retirer l’image de « Cols » ? La collection elle-même reste. C’est irréversible.',
  );
  cleanup();
  expect(await asked(3, 'empty')).toContain('Retirer les 3 images de « Cols » ?');
  cleanup();
  const none = await asked(0, 'empty');
  expect(none).toBe('« Cols » ne contient aucune image : il n’y a rien à retirer.');
  expect((screen.getByRole('button', { name: /^Retirer/ }) as HTMLButtonElement).disabled).toBe(
    true,
  );
});
