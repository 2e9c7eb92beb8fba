import { mount } from 'svelte';
import type { Api } from '../shared/ipc.ts';
import App from './App.svelte';
import { forwardPageErrors } from './lib/error-forwarding.ts';
import { createSocketApi } from './lib/ws-transport.ts';
import ReloadNotice from './shell/ReloadNotice.svelte';
import './app.css';

// The page's errors go to the main log from the start. In browser mode they take a socket of
// their own, opened at the first error (App's socket is made inside the component).
let errorApi: Api | undefined;
forwardPageErrors(
  window,
  () => (errorApi ??= window.api ?? createSocketApi(socketUrl(), () => {})),
);

function socketUrl(): string {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ipc?token=${encodeURIComponent(token)}`;
}

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');
mount(App, { target });
// Only the desktop app reloads a window whose renderer stopped (electron/crash.ts).
if (window.api) mount(ReloadNotice, { target: document.body, props: { api: window.api } });
