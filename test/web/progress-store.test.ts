import { describe, expect, it } from 'vitest';
import { ProgressStore, type ProgressStorage } from '../../src/web/client/progress-store.js';

/** Local storage as a Map, the way the browser's behaves for one origin. */
function memoryStorage(): ProgressStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const first = { key: 'examples:1', board: '#####\n#@$.#\n#####' };

describe('progress kept per level', () => {
  it('gives back the moves saved for a level, and nothing for a level never played', () => {
    const store = new ProgressStore(memoryStorage());
    expect(store.load(first)).toBeNull();
    store.save(first, 'rR', false);
    expect(store.load(first)).toEqual({ moves: 'rR', solved: false });
  });

  it('keeps the solved flag when the moves are undone afterwards, until the progress is forgotten', () => {
    const store = new ProgressStore(memoryStorage());
    store.save(first, 'R', true);
    store.save(first, '', false);
    expect(store.load(first)).toEqual({ moves: '', solved: true });
    expect(store.isSolved(first.key)).toBe(true);
    store.forget(first);
    expect(store.load(first)).toBeNull();
    expect(store.isSolved(first.key)).toBe(false);
  });

  it('ignores progress saved for a different board under the same place', () => {
    const store = new ProgressStore(memoryStorage());
    store.save(first, 'R', true);
    expect(store.load({ key: first.key, board: '######\n#@ $.#\n######' })).toBeNull();
  });

  it('reads unreadable entries as no progress, and plays on when storage refuses', () => {
    const storage = memoryStorage();
    storage.items.set('sokoban.progress:examples:1', '{not json');
    expect(new ProgressStore(storage).load(first)).toBeNull();
    const refusing: ProgressStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = new ProgressStore(refusing);
    expect(() => store.save(first, 'R', true)).not.toThrow();
    expect(store.load(first)).toBeNull();
    expect(new ProgressStore(null).load(first)).toBeNull();
  });

  it('remembers the level open last', () => {
    const storage = memoryStorage();
    new ProgressStore(storage).lastOpened = { collection: 'examples', index: 3 };
    expect(new ProgressStore(storage).lastOpened).toEqual({ collection: 'examples', index: 3 });
    storage.items.set('sokoban.last-level', '{"collection":"examples","index":0}');
    expect(new ProgressStore(storage).lastOpened).toBeNull();
  });
});
