/** Whether the renderer is connected to the main process (always, in the desktop app). */
class TransportState {
  kind = $state<'electron' | 'websocket'>('electron');
  connected = $state(false);

  set(kind: 'electron' | 'websocket', connected: boolean): void {
    this.kind = kind;
    this.connected = connected;
  }
}

export const transport = new TransportState();
