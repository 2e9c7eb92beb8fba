import { mount } from 'svelte';
import type { Api } from '../shared/ipc.ts';
import App from './App.svelte';
import { forwardPageErrors } from './lib/error-forwarding.ts';
import { createSocketApi } from './lib/ws-transport.ts';
import { adoptPageToken, socketUrl } from './lib/web-token.ts';
import { t, words } from './lib/words.svelte.ts';
import ReloadNotice from './shell/ReloadNotice.svelte';
import './app.css';

// The page's errors go to the main log from the start. In browser mode they take a socket of
// their own, opened at the first error (App's socket is made inside the component).
let errorApi: Api | undefined;
forwardPageErrors(
  window,
  () => (errorApi ??= window.api ?? createSocketApi(socketUrl(), () => {})),
);

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');
// Browser mode opened without its token (neither in the URL nor kept by this tab): the host
// would refuse every call, so say what to do instead of showing an app that cannot work.
if (!window.api && !adoptPageToken()) {
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  // Without the token there are no settings to read: the browser's language says it, once its
  // catalogue is loaded (English until then).
  const say = () => (notice.textContent = t('web.needsToken'));
  say();
  target.append(notice);
  void words.choose('system').then(say, say);
} else mount(App, { target });
// Only the desktop app reloads a window whose renderer stopped (electron/crash.ts).
if (window.api) mount(ReloadNotice, { target: document.body, props: { api: window.api } });
