import { act } from '@testing-library/react';
import { SocketEvent } from '@earmark/common';
import type { LiveSocket } from '../lib/socket';

type Listener = (...args: never[]) => void;

/**
 * A stand-in for the server's end of the live connection: connecting
 * succeeds at once, `push` delivers a server event, `drop` loses the
 * connection, and `emitted` records what the app sent.
 */
export class FakeSocket implements LiveSocket {
  connected = false;
  connects = 0;
  readonly emitted: [event: string, ...args: unknown[]][] = [];
  private readonly joined = new Set<string>();
  private readonly listeners = new Map<string, Set<Listener>>();

  connect() {
    if (this.connected) return this;
    this.connected = true;
    this.connects += 1;
    this.fire('connect');
    return this;
  }

  disconnect() {
    if (!this.connected) return this;
    this.connected = false;
    this.joined.clear();
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    if (!this.connected) return this;
    if (event === SocketEvent.JOIN_COMMENT_ROOM) this.joined.add(String(args[0]));
    if (event === SocketEvent.LEAVE_COMMENT_ROOM) this.joined.delete(String(args[0]));
    return this;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: Listener) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  /** The server pushes an event to this socket. */
  push(event: string, payload: unknown) {
    act(() => this.fire(event, payload));
  }

  /**
   * The connection is lost ('transport close': the network or the server
   * went away; `reconnect` brings it back) or closed by the server ('io
   * server disconnect', e.g. when the session ended).
   */
  drop(reason: 'transport close' | 'io server disconnect' = 'transport close') {
    act(() => {
      this.connected = false;
      this.joined.clear();
      this.fire('disconnect', reason);
    });
  }

  reconnect() {
    act(() => {
      this.connect();
    });
  }

  /** The comment rooms the server has this socket in (a lost connection leaves them all). */
  get rooms(): string[] {
    return [...this.joined];
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...a: unknown[]) => void)(...args);
    }
  }
}
