import { useSyncExternalStore } from 'react';

/** A tiny external store (useSyncExternalStore), for app-wide state outside React's tree. */
export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((s: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  use(): T;
  /** The selector must return stored values (not new objects), or React re-renders forever. */
  use<S>(selector: (s: T) => S): S;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  return {
    get,
    subscribe,
    set(patch) {
      const p = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...p };
      for (const l of listeners) l();
    },
    use<S>(selector?: (s: T) => S) {
      return useSyncExternalStore(
        subscribe,
        () => (selector ? selector(state) : state),
        () => (selector ? selector(state) : state),
      ) as S & T;
    },
  };
}
