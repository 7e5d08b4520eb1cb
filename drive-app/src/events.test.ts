import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events.ts';

type Events = { ping: { n: number }; pong: Record<string, never> };

describe('the event bus', () => {
  it('calls the listeners of an event with its payload, and only those', () => {
    const bus = createEventBus<Events>();
    const ping = vi.fn();
    const pong = vi.fn();
    bus.on('ping', ping);
    bus.on('pong', pong);
    bus.emit('ping', { n: 1 });
    expect(ping).toHaveBeenCalledWith({ n: 1 });
    expect(pong).not.toHaveBeenCalled();
  });

  it('stops calling a listener that stopped listening', () => {
    const bus = createEventBus<Events>();
    const ping = vi.fn();
    const stop = bus.on('ping', ping);
    stop();
    bus.emit('ping', { n: 1 });
    expect(ping).not.toHaveBeenCalled();
  });

  it('keeps calling the other listeners when one throws', () => {
    const bus = createEventBus<Events>();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    bus.on('ping', () => {
      throw new Error('broken listener');
    });
    bus.on('ping', after);
    expect(() => bus.emit('ping', { n: 2 })).not.toThrow();
    expect(after).toHaveBeenCalledWith({ n: 2 });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
