import type { StationEvent, StationEventListener } from '../../preload/api';

/** Who hears the station's events (a host's event channel, a test): each one, whatever another one does. */
export interface Subscribers {
  emit(event: StationEvent): void;
  /** Returns the function that stops the listener's events. */
  subscribe(listener: StationEventListener): () => void;
  clear(): void;
}

export function createSubscribers(log: (line: string) => void): Subscribers {
  const listeners = new Set<StationEventListener>();
  return {
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log(`event listener failed: ${String(error)}`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      listeners.clear();
    },
  };
}
