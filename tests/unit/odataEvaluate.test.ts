import { describe, expect, it } from 'vitest';
import { matches, project, sortBy, valueAt } from '../../api/src/domain/shared/odata/evaluate.js';
import type { Filter } from '../../api/src/store/store.js';

const room = {
  roomID: 'r1',
  roomName: 'P101',
  floor: 1,
  price: 2_800_000,
  status: 'occupied',
  images: ['a.png', 'b.png'],
  note: null,
  owner: { name: 'Nguyễn Văn Hùng', status: 1 },
};

describe('valueAt', () => {
  it('reads dotted paths and gives undefined past a missing or scalar segment', () => {
    expect(valueAt(room, 'owner.name')).toBe('Nguyễn Văn Hùng');
    expect(valueAt(room, 'owner.missing')).toBeUndefined();
    expect(valueAt(room, 'floor.x')).toBeUndefined();
    expect(valueAt(room, 'note.x')).toBeUndefined();
  });
});

describe('matches', () => {
  it.each<[Filter, boolean]>([
    [{ op: 'eq', field: 'roomName', value: 'P101' }, true],
    [{ op: 'eq', field: 'roomName', value: 'p101' }, false],
    [{ op: 'ne', field: 'roomName', value: 'P102' }, true],
    [{ op: 'gt', field: 'floor', value: 0 }, true],
    [{ op: 'ge', field: 'floor', value: 1 }, true],
    [{ op: 'lt', field: 'floor', value: 1 }, false],
    [{ op: 'le', field: 'price', value: 2_800_000 }, true],
    // Numbers compare as numbers, not as text ("10" < "9").
    [{ op: 'gt', field: 'price', value: 900_000 }, true],
    [{ op: 'eq', field: 'owner.status', value: 1 }, true],
    [{ op: 'eq', field: 'note', value: null }, true],
    [{ op: 'eq', field: 'missing', value: null }, true],
    [{ op: 'ne', field: 'note', value: null }, false],
    [{ op: 'ne', field: 'roomName', value: null }, true],
    [{ op: 'gt', field: 'note', value: 1 }, false],
    [{ op: 'lt', field: 'missing', value: 1 }, false],
    [{ op: 'in', field: 'status', values: ['empty', 'occupied'] }, true],
    [{ op: 'in', field: 'status', values: ['empty', 'reserved'] }, false],
    [{ op: 'arrayContains', field: 'images', value: 'b.png' }, true],
    [{ op: 'arrayContains', field: 'images', value: 'c.png' }, false],
    [{ op: 'arrayContains', field: 'roomName', value: 'P101' }, false],
    [{ op: 'exists', field: 'owner.name' }, true],
    [{ op: 'exists', field: 'owner.phone' }, false],
    [{ op: 'contains', field: 'roomName', value: '10' }, true],
    [{ op: 'contains', field: 'roomName', value: 'p10' }, false],
    [{ op: 'contains', field: 'roomName', value: 'p10', ignoreCase: true }, true],
    [{ op: 'startswith', field: 'roomName', value: 'P1' }, true],
    [{ op: 'startswith', field: 'roomName', value: '101' }, false],
    [{ op: 'endswith', field: 'roomName', value: '101' }, true],
    [{ op: 'endswith', field: 'roomName', value: 'P1' }, false],
    [{ op: 'endswith', field: 'roomName', value: 'p101', ignoreCase: true }, true],
    [{ op: 'endswith', field: 'floor', value: '1' }, false],
    [{ op: 'contains', field: 'floor', value: '1' }, false],
    [
      {
        op: 'and',
        items: [
          { op: 'eq', field: 'floor', value: 1 },
          { op: 'eq', field: 'status', value: 'occupied' },
        ],
      },
      true,
    ],
    [
      {
        op: 'and',
        items: [
          { op: 'eq', field: 'floor', value: 1 },
          { op: 'eq', field: 'status', value: 'empty' },
        ],
      },
      false,
    ],
    [
      {
        op: 'or',
        items: [
          { op: 'eq', field: 'floor', value: 2 },
          { op: 'eq', field: 'status', value: 'occupied' },
        ],
      },
      true,
    ],
    [{ op: 'not', item: { op: 'eq', field: 'floor', value: 1 } }, false],
    [{ op: 'and', items: [] }, true],
    [{ op: 'or', items: [] }, false],
  ])('%j → %s', (filter, expected) => {
    expect(matches(room, filter)).toBe(expected);
  });

  it('ignoreCase lowers Vietnamese letters on both sides (Ữ, Đ, Ư)', () => {
    const doc = { name: 'NHÀ TRỌ ỮNG ĐƯỜNG' };
    expect(matches(doc, { op: 'contains', field: 'name', value: 'ững', ignoreCase: true })).toBe(true);
    expect(matches(doc, { op: 'contains', field: 'name', value: 'ững' })).toBe(false);
    expect(matches(doc, { op: 'contains', field: 'name', value: 'ỮNG ĐƯỜNG', ignoreCase: true })).toBe(true);
    expect(matches(doc, { op: 'startswith', field: 'name', value: 'nhà trọ', ignoreCase: true })).toBe(true);
    expect(matches(doc, { op: 'startswith', field: 'name', value: 'nha tro', ignoreCase: true })).toBe(false);
  });
});

describe('sortBy', () => {
  const rooms = [
    { roomName: 'P201', floor: 2, price: 3_000_000 },
    { roomName: 'P102', floor: 1, price: 2_500_000 },
    { roomName: 'P101', floor: 1, price: 3_000_000 },
    { roomName: 'P110', floor: 1 },
    { roomName: 'P202', floor: 2, price: 2_000_000 },
  ];
  const names = (items: Array<{ roomName: string }>) => items.map((item) => item.roomName);

  it('no keys → the same order', () => {
    expect(names(sortBy(rooms, []))).toEqual(['P201', 'P102', 'P101', 'P110', 'P202']);
  });

  it('one key asc and desc', () => {
    expect(names(sortBy(rooms, [{ field: 'roomName' }]))).toEqual(['P101', 'P102', 'P110', 'P201', 'P202']);
    expect(names(sortBy(rooms, [{ field: 'roomName', desc: true }]))).toEqual([
      'P202',
      'P201',
      'P110',
      'P102',
      'P101',
    ]);
  });

  it('several keys; numbers as numbers; missing values first', () => {
    expect(names(sortBy(rooms, [{ field: 'floor' }, { field: 'roomName', desc: true }]))).toEqual([
      'P110',
      'P102',
      'P101',
      'P202',
      'P201',
    ]);
    expect(names(sortBy(rooms, [{ field: 'price' }, { field: 'roomName' }]))).toEqual([
      'P110',
      'P202',
      'P102',
      'P101',
      'P201',
    ]);
    expect(sortBy([{ n: 10 }, { n: 9 }, { n: 100 }], [{ field: 'n' }])).toEqual([
      { n: 9 },
      { n: 10 },
      { n: 100 },
    ]);
  });

  it('a missing value and null are equal: their input order stays, whichever comes first', () => {
    const items = [
      { id: 'a', note: null },
      { id: 'b' },
      { id: 'c', note: 'x' },
      { id: 'd', note: null },
      { id: 'e' },
    ];
    const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);
    expect(ids(sortBy(items, [{ field: 'note' }]))).toEqual(['a', 'b', 'd', 'e', 'c']);
    expect(ids(sortBy([...items].reverse(), [{ field: 'note' }]))).toEqual(['e', 'd', 'b', 'a', 'c']);
    expect(ids(sortBy(items, [{ field: 'note', desc: true }]))).toEqual(['c', 'a', 'b', 'd', 'e']);
  });

  it('does not modify its input', () => {
    const copy = structuredClone(rooms);
    sortBy(rooms, [{ field: 'roomName' }]);
    expect(rooms).toEqual(copy);
  });
});

describe('project', () => {
  it('keeps only the selected keys that exist, in select order', () => {
    expect(project(room, ['roomName', 'floor', 'nope'])).toEqual({ roomName: 'P101', floor: 1 });
    expect(Object.keys(project(room, ['floor', 'roomName']))).toEqual(['floor', 'roomName']);
    expect(project(room, ['note'])).toEqual({ note: null });
  });

  it('no select → the item itself; empty select → nothing', () => {
    expect(project(room, undefined)).toBe(room);
    expect(project(room, [])).toEqual({});
  });
});
