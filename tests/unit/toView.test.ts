import { describe, expect, it } from 'vitest';
import { entityView, toView } from '../../api/src/useCases/shared/views.js';

describe('toView', () => {
  it('keeps every own field but the storage and access internals, in order', () => {
    const doc = {
      id: 'r1',
      pk: 'h1',
      type: 'room',
      _ts: 1,
      _etag: '"e1"',
      roomID: 'r1',
      ownerID: 'u1',
      staffIDs: ['u2'],
      passwordHash: 'x',
      revokedSessions: [],
      searchText: 'p101',
      contractPDFHash: 'h',
      guestLink: 'g',
      plateKey: '59X1',
      roomName: 'P101',
      price: 0,
      note: null,
      images: [],
    };
    expect(toView(doc)).toEqual({ roomID: 'r1', roomName: 'P101', price: 0, note: null, images: [] });
    expect(Object.keys(toView(doc))).toEqual(['roomID', 'roomName', 'price', 'note', 'images']);
    expect(entityView(doc)).toEqual({
      '@odata.etag': '"e1"',
      roomID: 'r1',
      roomName: 'P101',
      price: 0,
      note: null,
      images: [],
    });
  });

  it('copies a stored "__proto__" field as data, never as the view’s prototype', () => {
    const doc = JSON.parse('{"id":"1","pk":"h","__proto__":{"admin":true},"roomName":"P1"}') as {
      id: string;
      pk: string;
    };
    const view = toView(doc);
    expect(Object.getPrototypeOf(view)).toBe(Object.prototype);
    expect((view as { admin?: unknown }).admin).toBeUndefined();
    expect(JSON.stringify(view)).toBe('{"__proto__":{"admin":true},"roomName":"P1"}');
  });
});
