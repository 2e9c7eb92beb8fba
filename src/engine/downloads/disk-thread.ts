/**
 * The main thread's side of the file writer (disk-worker.ts): the bytes of every running
 * transfer are copied into slabs that move to the writer's thread (transferred, not copied)
 * and come back once written; each turn of the event loop sends what it gathered in one
 * message. A file's bytes go as soon as its last slab is written, else once a slab is full. The main thread keeps the network, the database and the events; hashing and every
 * file call run on the writer's thread, so a file costs the main thread no trip through
 * libuv's thread pool.
 */
import { Worker } from 'node:worker_threads';
import type { DiskCommand, DiskReply } from './disk-worker.ts';
import type { PartFile } from './disk.ts';

/** Bytes waiting for the disk beyond which a transfer stops reading from the network. */
const HIGH_WATER = 2 * 1024 * 1024;
/**
 * The slabs' size, and how many written ones are kept for the next bytes. While the writer is
 * busy with a file, its bytes gather into a slab of up to half a megabyte: one message and one
 * write for many network reads.
 */
const SLAB = 512 * 1024;
const SPARE_SLABS = 16;

type Awaited = 'synced' | 'finished' | 'closed';

/** A `.part` open on the writer's thread. */
class ThreadFile implements PartFile {
  readonly #thread: DiskThread;
  readonly id: number;
  /** The slab being filled, and how much of it is. */
  #fill: ArrayBuffer | undefined;
  #used = 0;
  /** Bytes handed to `write` that the writer has not yet reported written. */
  #pending = 0;
  /** Slabs sent and not yet written: while there are, the next bytes gather in a slab. */
  #writing = 0;
  #error: Error | undefined;
  #waiters: { below: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  readonly #answers = new Map<Awaited, { resolve: () => void; reject: (e: Error) => void }>();
  #over = false;

  constructor(thread: DiskThread, id: number) {
    this.#thread = thread;
    this.id = id;
  }

  /** Resolves once the writer answers `op`; rejects with the file's failure. */
  answer(op: Awaited): Promise<void> {
    if (this.#error && op !== 'closed') return Promise.reject(this.#error);
    return new Promise((resolve, reject) => this.#answers.set(op, { resolve, reject }));
  }

  write(chunk: Uint8Array): Promise<void> | null {
    if (this.#error) return Promise.reject(this.#error);
    for (let at = 0; at < chunk.length;) {
      this.#fill ??= this.#thread.slab();
      const n = Math.min(chunk.length - at, SLAB - this.#used);
      new Uint8Array(this.#fill, this.#used, n).set(chunk.subarray(at, at + n));
      this.#used += n;
      at += n;
      if (this.#used === SLAB) this.seal();
    }
    this.#pending += chunk.length;
    // An idle writer takes the bytes at the end of this turn: every byte received reaches the
    // `.part` soon (a crash loses little), and a busy one gets them gathered into full slabs.
    if (this.#writing === 0 && this.#fill) this.#thread.later(this);
    return this.#pending > HIGH_WATER ? this.#until(HIGH_WATER) : null;
  }

  async sync(): Promise<void> {
    if (this.#error) throw this.#error;
    this.seal();
    this.#thread.send({ op: 'sync', file: this.id });
    return this.answer('synced');
  }

  async finish(target: string): Promise<void> {
    if (this.#error) throw this.#error;
    this.#over = true;
    this.#thread.send({ op: 'finish', file: this.id, target });
    await this.answer('finished');
  }

  async close(): Promise<void> {
    if (this.#over) return;
    this.#over = true;
    this.seal();
    this.#thread.send({ op: 'close', file: this.id });
    await this.answer('closed');
  }

  /** The slab being filled goes to the writer; the next bytes go into another. */
  seal(): void {
    if (!this.#fill) return;
    if (this.#used > 0) {
      const bytes = new Uint8Array(this.#fill, 0, this.#used);
      this.#thread.send({ op: 'write', file: this.id, bytes }, this.#fill);
      this.#writing++;
    } else this.#thread.spare(this.#fill);
    this.#fill = undefined;
    this.#used = 0;
  }

  /** What the writer said about this file. */
  settle(r: DiskReply): void {
    if (r.op === 'wrote') {
      this.#pending -= r.bytes;
      if (--this.#writing === 0 && this.#fill) this.#thread.later(this);
      this.#waiters = this.#waiters.filter((w) => {
        if (this.#pending > w.below) return true;
        w.resolve();
        return false;
      });
    } else if (r.op === 'failed') {
      this.fail(Object.assign(new Error(r.message), { code: r.code }));
    } else if (r.op !== 'opened') {
      const answer = this.#answers.get(r.op);
      this.#answers.delete(r.op);
      answer?.resolve();
    }
  }

  /** A command failed, or the writer is gone: whoever waits is told; a close still answers. */
  fail(error: Error, gone = false): void {
    this.#error ??= error;
    for (const w of this.#waiters.splice(0)) w.reject(this.#error);
    for (const [op, answer] of this.#answers) {
      if (op === 'closed' && !gone) continue;
      this.#answers.delete(op);
      if (op === 'closed') answer.resolve();
      else answer.reject(this.#error);
    }
    if (gone) this.#over = true;
  }

  #until(below: number): Promise<void> {
    if (this.#error) return Promise.reject(this.#error);
    if (this.#pending <= below) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ below, resolve, reject }));
  }
}

/** One writer thread for the process, started with the first file and again after a failure. */
export class DiskThread {
  #worker: Worker | undefined;
  readonly #files = new Map<number, ThreadFile>();
  #nextId = 1;
  #outbox: DiskCommand[] = [];
  #moved: ArrayBuffer[] = [];
  #spare: ArrayBuffer[] = [];
  #scheduled = false;
  /** Files whose slab goes to the writer at the end of this turn, however full. */
  readonly #filling = new Set<ThreadFile>();

  /**
   * Opens `path` on the writer: fresh (`offset` null) or resumed from `offset` bytes. Returns
   * at once: the bytes follow the open in order, and a failed open is told by the file's
   * next wait (a write's, `sync`), so a transfer never waits for the thread before its body.
   */
  open(path: string, offset: number | null): PartFile {
    const file = new ThreadFile(this, this.#nextId++);
    this.#files.set(file.id, file);
    // The thread keeps the process alive only while a file is open on it (#receive).
    this.#start().ref();
    this.send({ op: 'open', file: file.id, path, offset });
    return file;
  }

  /**
   * Starts the thread before the first file: a new thread loads its own Node (a few dozen ms of
   * CPU), better done while the queue starts than while a file waits. It keeps no process alive.
   */
  warm(): void {
    if (!this.#worker && this.#files.size === 0) this.#start().unref();
  }

  /** Ends the writer's thread; its files fail as they would if it died. */
  async terminate(): Promise<void> {
    await this.#worker?.terminate();
  }

  slab(): ArrayBuffer {
    return this.#spare.pop() ?? new ArrayBuffer(SLAB);
  }

  spare(slab: ArrayBuffer): void {
    if (this.#spare.length < SPARE_SLABS) this.#spare.push(slab);
  }

  /** The file's slab, however full, goes with this turn's message. */
  later(file: ThreadFile): void {
    this.#filling.add(file);
    this.#schedule();
  }

  send(command: DiskCommand, slab?: ArrayBuffer): void {
    this.#outbox.push(command);
    if (slab) this.#moved.push(slab);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#scheduled = false;
    for (const file of this.#filling) file.seal();
    this.#filling.clear();
    const commands = this.#outbox;
    const moved = this.#moved;
    this.#outbox = [];
    this.#moved = [];
    if (commands.length > 0) this.#start().postMessage(commands, moved);
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./disk-worker.ts', import.meta.url));
    worker.on('message', (replies: DiskReply[]) => this.#receive(replies));
    worker.on('error', (e) => this.#lost(worker, e));
    worker.on('exit', (code) => this.#lost(worker, new Error(`it exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  #receive(replies: DiskReply[]): void {
    for (const r of replies) {
      if (r.op === 'wrote') this.spare(r.slab);
      this.#files.get(r.file)?.settle(r);
      if (r.op === 'closed' || r.op === 'finished') this.#files.delete(r.file);
    }
    if (this.#files.size === 0) this.#worker?.unref();
    else this.#worker?.ref();
  }

  /** The thread died: its files' bytes not yet written are lost, their `.part` stays as is. */
  #lost(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    const words = new Error(`the thread writing the files stopped (${error.message})`);
    for (const file of this.#files.values()) file.fail(words, true);
    this.#files.clear();
    this.#filling.clear();
  }
}
