import { describe, expect, it } from 'vitest';
import {
  CONTRACT_MODEL,
  HOUSE_MODEL,
  MONTHLY_BILL_MODEL,
  ONE_TIME_CHARGE_MODEL,
  REGISTRATION_MODEL,
  ROOM_MODEL,
} from '../../api/src/domain/shared/odata/model.js';
import {
  loadODataParser,
  MAX_TOP,
  ODataQueryError,
  parseODataQuery,
  type ODataQuery,
} from '../../api/src/domain/shared/odata/parse.js';

// As the endpoint wrapper does before the first request.
await loadODataParser();

function parse(options: Record<string, string> | string, model = HOUSE_MODEL): ODataQuery {
  return parseODataQuery(new URLSearchParams(options), model);
}

/** The query without the (large) entity models of expanded properties. */
function plain(query: ODataQuery): unknown {
  return JSON.parse(JSON.stringify(query, (key, value: unknown) => (key === 'model' ? undefined : value)));
}

function parseError(options: Record<string, string> | string, model = HOUSE_MODEL): ODataQueryError {
  try {
    parse(options, model);
  } catch (error) {
    expect(error).toBeInstanceOf(ODataQueryError);
    return error as ODataQueryError;
  }
  throw new Error(`no error for ${JSON.stringify(options)}`);
}

describe('parseODataQuery — defaults', () => {
  it('no options → empty query', () => {
    expect(parse({})).toEqual({ orderBy: [], skip: 0, count: false, expand: [] });
  });

  it('non-system parameters are ignored; blank options are ignored', () => {
    expect(parse({ houseID: 'x', $filter: '  ', $top: '' })).toEqual({
      orderBy: [],
      skip: 0,
      count: false,
      expand: [],
    });
  });
});

describe('parseODataQuery — $filter → Filter trees', () => {
  it.each([
    ["houseName eq 'Nhà trọ Hoa Sen'", { op: 'eq', field: 'houseName', value: 'Nhà trọ Hoa Sen' }],
    ["houseName ne 'A'", { op: 'ne', field: 'houseName', value: 'A' }],
    ["HouseID eq 'x'", { op: 'eq', field: 'houseID', value: 'x' }],
    ["HOUSENAME eq 'x'", { op: 'eq', field: 'houseName', value: 'x' }],
    ["'A' eq houseName", { op: 'eq', field: 'houseName', value: 'A' }],
    ["houseName eq 'it''s'", { op: 'eq', field: 'houseName', value: "it's" }],
    ['houseName eq null', { op: 'eq', field: 'houseName', value: null }],
    ['createdOn gt 2026-01-01T00:00:00Z', { op: 'gt', field: 'createdOn', value: '2026-01-01T00:00:00Z' }],
    ["contains(houseName,'Sen')", { op: 'contains', field: 'houseName', value: 'Sen', ignoreCase: false }],
    [
      "startswith(houseAddress,'12')",
      { op: 'startswith', field: 'houseAddress', value: '12', ignoreCase: false },
    ],
    [
      "contains(tolower(houseName),'hoa sen')",
      { op: 'contains', field: 'houseName', value: 'hoa sen', ignoreCase: true },
    ],
    [
      "houseName eq 'a' or houseName eq 'b'",
      {
        op: 'or',
        items: [
          { op: 'eq', field: 'houseName', value: 'a' },
          { op: 'eq', field: 'houseName', value: 'b' },
        ],
      },
    ],
    [
      "houseName eq 'a' and houseID ne 'b'",
      {
        op: 'and',
        items: [
          { op: 'eq', field: 'houseName', value: 'a' },
          { op: 'ne', field: 'houseID', value: 'b' },
        ],
      },
    ],
    ["not (houseName eq 'a')", { op: 'not', item: { op: 'eq', field: 'houseName', value: 'a' } }],
    [
      "houseName eq 'a' or houseName eq 'b' and houseID eq 'c'",
      {
        op: 'or',
        items: [
          { op: 'eq', field: 'houseName', value: 'a' },
          {
            op: 'and',
            items: [
              { op: 'eq', field: 'houseName', value: 'b' },
              { op: 'eq', field: 'houseID', value: 'c' },
            ],
          },
        ],
      },
    ],
  ])('%s', (text, filter) => {
    expect(parse({ $filter: text }).filter).toEqual(filter);
  });

  it('numbers, comparisons and mirrored comparisons on a room', () => {
    expect(parse({ $filter: 'floor ge 2' }, ROOM_MODEL).filter).toEqual({
      op: 'ge',
      field: 'floor',
      value: 2,
    });
    expect(parse({ $filter: 'price lt 3000000.5' }, ROOM_MODEL).filter).toEqual({
      op: 'lt',
      field: 'price',
      value: 3000000.5,
    });
    // 2 lt floor ⇔ floor gt 2
    expect(parse({ $filter: '2 lt floor' }, ROOM_MODEL).filter).toEqual({
      op: 'gt',
      field: 'floor',
      value: 2,
    });
    expect(parse({ $filter: '2 ge floor' }, ROOM_MODEL).filter).toEqual({
      op: 'le',
      field: 'floor',
      value: 2,
    });
  });

  it('"not" binds tighter than "and" (OData operator precedence)', () => {
    expect(parse({ $filter: "not contains(houseName,'a') and houseName eq 'b'" }).filter).toEqual({
      op: 'and',
      items: [
        { op: 'not', item: { op: 'contains', field: 'houseName', value: 'a', ignoreCase: false } },
        { op: 'eq', field: 'houseName', value: 'b' },
      ],
    });
  });

  it.each([
    ["nope eq 'x'", 'Trường "nope" không tồn tại.'],
    ["endswith(houseName,'Sen')", 'Tham số truy vấn không hợp lệ: hàm "endswith" không được hỗ trợ'],
    [
      'length(houseName) eq 3',
      'Tham số truy vấn không hợp lệ: mỗi phép so sánh cần một trường và một giá trị',
    ],
    [
      "tolower(houseName) eq 'a'",
      'Tham số truy vấn không hợp lệ: mỗi phép so sánh cần một trường và một giá trị',
    ],
    ['houseName eq', 'Tham số truy vấn không hợp lệ: $filter không đúng cú pháp'],
    ["houseName eq 'a' and", 'Tham số truy vấn không hợp lệ: $filter không đúng cú pháp'],
    ["houseName in ('a','b')", 'Tham số truy vấn không hợp lệ: $filter không đúng cú pháp'],
    ['houseName eq 1', 'Tham số truy vấn không hợp lệ: giá trị không phù hợp với trường "houseName"'],
    ['houseName eq houseID', 'Tham số truy vấn không hợp lệ: chỉ so sánh một trường với một giá trị'],
    ["'a' eq 'b'", 'Tham số truy vấn không hợp lệ: mỗi phép so sánh cần một trường và một giá trị'],
    ['startswith(houseName,1)', 'Tham số truy vấn không hợp lệ: startswith chỉ dùng cho trường chuỗi'],
    ["contains(createdOn,'2026')", 'Tham số truy vấn không hợp lệ: contains chỉ dùng cho trường chuỗi'],
  ])('%s → ODataQueryError', (text, message) => {
    expect(parseError({ $filter: text }).message).toBe(message);
  });

  it('type checks against the model: a number field refuses a string', () => {
    expect(parseError({ $filter: "floor eq '1'" }, ROOM_MODEL).message).toBe(
      'Tham số truy vấn không hợp lệ: giá trị không phù hợp với trường "floor"',
    );
    expect(parseError({ $filter: "roomQuota gt 'x'" }, REGISTRATION_MODEL).message).toMatch(
      /^Tham số truy vấn không hợp lệ/,
    );
  });

  it('nests at most 100 parentheses and 400 conditions (not, and, or chains), nested $expand filters too; text in quotes is text', () => {
    const tooDeep =
      'Tham số truy vấn không hợp lệ: $filter quá phức tạp (tối đa 100 tầng ngoặc, 500 cặp ngoặc, 400 điều kiện lồng nhau)';
    const leaf = "houseName eq 'a'";
    const chain = (n: number) => Array.from({ length: n }, () => leaf).join(' or ');
    expect(parse({ $filter: `${'not '.repeat(399)}${leaf}` }).filter).toBeDefined();
    expect(parse({ $filter: `${'('.repeat(100)}${leaf}${')'.repeat(100)}` }).filter).toBeDefined();
    expect(parse({ $filter: chain(300) }).filter).toBeDefined();
    expect(parse({ $filter: `houseName eq '${'('.repeat(300)}'` }).filter).toBeDefined();
    for (const text of [
      `${'not '.repeat(400)}${leaf}`,
      `${'('.repeat(101)}${leaf}${')'.repeat(101)}`,
      chain(401),
      `${'not '.repeat(200)}(${chain(201)})`,
    ]) {
      expect(parseError({ $filter: text }).message, text.slice(0, 40)).toBe(tooDeep);
    }
    expect(parseError({ $expand: `rooms($filter=${'not '.repeat(400)}roomName eq 'a')` }).message).toBe(
      tooDeep,
    );
    // 70 groups 100 deep (a full URL) held the parser 0.56 s: more than 500 pairs in all are refused first.
    const group = `${'('.repeat(100)}${leaf}${')'.repeat(100)}`;
    expect(parse({ $filter: Array.from({ length: 5 }, () => group).join(' or ') }).filter).toBeDefined();
    const many = Array.from({ length: 70 }, () => group).join(' or ');
    const before = performance.now();
    expect(parseError({ $filter: many }).message).toBe(tooDeep);
    expect(performance.now() - before).toBeLessThan(100);
    // Parentheses in a nested $filter are refused before the parser meets them (3000 took it 4.7 s).
    const deepInExpand = `rooms($filter=${'('.repeat(3000)}roomName eq 'a'${')'.repeat(3000)})`;
    const started = performance.now();
    expect(parseError({ $expand: deepInExpand }).message).toBe(
      'Tham số truy vấn không hợp lệ: $expand quá phức tạp (tối đa 120 tầng ngoặc, 500 cặp ngoặc)',
    );
    expect(performance.now() - started).toBeLessThan(100);
    expect(
      parse({ $expand: `rooms($filter=${'('.repeat(100)}roomName eq 'a'${')'.repeat(100)})` }).expand,
    ).toHaveLength(1);
  });
});

describe('parseODataQuery — $orderby, $top, $skip, $count, $select, $format', () => {
  it('$orderby: asc by default, desc, several keys, case-insensitive names', () => {
    expect(parse({ $orderby: 'houseName' }).orderBy).toEqual([{ field: 'houseName' }]);
    expect(parse({ $orderby: 'houseName asc' }).orderBy).toEqual([{ field: 'houseName' }]);
    expect(parse({ $orderby: 'HouseName desc,createdOn' }).orderBy).toEqual([
      { field: 'houseName', desc: true },
      { field: 'createdOn' },
    ]);
    expect(parseError({ $orderby: 'nope' }).message).toBe('Trường "nope" không tồn tại.');
  });

  it('$top and $skip are non-negative integers; $top is capped', () => {
    expect(parse({ $top: '5', $skip: '10' })).toMatchObject({ top: 5, skip: 10 });
    expect(parse({ $top: '0' }).top).toBe(0);
    expect(parse({ $top: '5000' }).top).toBe(MAX_TOP);
    for (const bad of ['-1', 'abc', '1.5', '1e3', '0x10', '9999999999']) {
      expect(parseError({ $top: bad }).message).toBe(
        `Tham số truy vấn không hợp lệ: "${bad}" không phải số nguyên không âm`,
      );
      expect(parseError({ $skip: bad }).message).toMatch(/không phải số nguyên không âm$/);
    }
  });

  it('$count is true or false', () => {
    expect(parse({ $count: 'true' }).count).toBe(true);
    expect(parse({ $count: 'false' }).count).toBe(false);
    expect(parseError({ $count: 'maybe' }).message).toBe(
      'Tham số truy vấn không hợp lệ: $count phải là true hoặc false',
    );
  });

  it('$select: canonical names, * means everything, unknown names fail', () => {
    expect(parse({ $select: 'houseName,HouseID' }).select).toEqual(['houseName', 'houseID']);
    expect(parse({ $select: '*' }).select).toBeUndefined();
    expect(parseError({ $select: 'houseName,passwordHash' }).message).toBe(
      'Trường "passwordHash" không tồn tại.',
    );
  });

  it('$format only json; unknown and repeated options fail', () => {
    expect(() => parse({ $format: 'json' })).not.toThrow();
    expect(parseError({ $format: 'xml' }).message).toBe(
      'Tham số truy vấn không hợp lệ: $format chỉ hỗ trợ json',
    );
    expect(parseError({ $foo: '1' }).message).toBe(
      'Tham số truy vấn không hợp lệ: tùy chọn "$foo" không được hỗ trợ',
    );
    expect(parseError({ $search: 'x' }).message).toMatch(/"\$search" không được hỗ trợ/);
    expect(parseError('$top=1&$top=2').message).toBe(
      'Tham số truy vấn không hợp lệ: "$top" xuất hiện nhiều lần',
    );
  });
});

describe('parseODataQuery — $expand', () => {
  it('plain navigation properties, case-insensitive', () => {
    const query = parse({ $expand: 'Rooms,services,lessorInfo' });
    expect(query.expand.map((option) => [option.property, option.model.name])).toEqual([
      ['rooms', 'Room'],
      ['services', 'Service'],
      ['lessorInfo', 'LessorInfo'],
    ]);
  });

  it('nested $select, $filter, $orderby, $top, $skip', () => {
    const query = parse({
      $expand: 'rooms($select=roomName;$filter=floor eq 1;$orderby=roomName desc;$top=2;$skip=1)',
    });
    expect(plain(query)).toEqual({
      orderBy: [],
      skip: 0,
      count: false,
      expand: [
        {
          property: 'rooms',
          query: {
            orderBy: [{ field: 'roomName', desc: true }],
            skip: 1,
            top: 2,
            count: false,
            expand: [],
            select: ['roomName'],
            filter: { op: 'eq', field: 'floor', value: 1 },
          },
        },
      ],
    });
  });

  it('nested options are checked against the target model', () => {
    expect(parseError({ $expand: 'rooms($filter=houseName eq 1)' }).message).toBe(
      'Trường "houseName" không tồn tại.',
    );
    expect(parseError({ $expand: "rooms($filter=floor eq 'x')" }).message).toBe(
      'Tham số truy vấn không hợp lệ: giá trị không phù hợp với trường "floor"',
    );
    expect(parseError({ $expand: 'rooms($top=-1)' }).message).toMatch(/^Tham số truy vấn không hợp lệ/);
  });

  it('unknown navigation properties and options fail', () => {
    expect(parseError({ $expand: 'nope' }).message).toBe('Trường "nope" không tồn tại.');
    expect(parseError({ $expand: 'houseName' }).message).toBe('Trường "houseName" không tồn tại.');
    expect(parseError({ $expand: 'rooms($foo=1)' }).message).toMatch(/^Tham số truy vấn không hợp lệ/);
    // Registrations have no navigation properties at all.
    expect(parseError({ $expand: 'rooms' }, REGISTRATION_MODEL).message).toBe(
      'Trường "rooms" không tồn tại.',
    );
  });
});

describe('parseODataQuery — nesting at any depth, nested $count, second names', () => {
  it('reads $expand inside $expand inside $expand, each against its own model', () => {
    const query = parse(
      { $expand: 'contracts($expand=room($expand=devices($select=deviceName;$count=true)))' },
      ROOM_MODEL,
    );
    const room = query.expand[0]?.query.expand[0];
    expect(room?.property).toBe('room');
    expect(room?.model.name).toBe('Room');
    expect(plain(room?.query.expand[0]?.query as ODataQuery)).toEqual({
      orderBy: [],
      skip: 0,
      count: true,
      expand: [],
      select: ['deviceName'],
    });
    expect(
      parseError({ $expand: 'contracts($expand=room($expand=devices($filter=nope eq 1)))' }, ROOM_MODEL)
        .message,
    ).toBe('Trường "nope" không tồn tại.');
    expect(parseError({ $expand: 'rooms($count=yes)' }).message).toBe(
      'Tham số truy vấn không hợp lệ: $expand không đúng cú pháp',
    );
  });

  it('a nested $filter ending in a string, followed by another option, parses (a parser quirk is worked around)', () => {
    const query = parse({
      $expand:
        "rooms($filter=roomName eq 'it''s;)';$select=roomName;$expand=devices($filter=deviceName eq 'Quạt';$top=1))",
    });
    const rooms = query.expand[0];
    expect(rooms?.query.filter).toEqual({ op: 'eq', field: 'roomName', value: "it's;)" });
    expect(rooms?.query.select).toEqual(['roomName']);
    expect(rooms?.query.expand[0]?.query).toMatchObject({
      filter: { op: 'eq', field: 'deviceName', value: 'Quạt' },
      top: 1,
    });
  });

  it('a bill’s billDetails is a navigation with its own options', () => {
    const query = parse(
      { $expand: "billDetails($filter=kind eq 'rent';$select=amount)" },
      MONTHLY_BILL_MODEL,
    );
    expect(query.expand[0]?.model.name).toBe('BillDetail');
    expect(query.expand[0]?.query.filter).toEqual({ op: 'eq', field: 'kind', value: 'rent' });
  });

  it('the spec’s chargeID and total filter and order on the stored oneTimeChargeID and amount', () => {
    const query = parse(
      { $filter: "total gt 100000 and chargeID eq 'c1'", $orderby: 'total desc' },
      ONE_TIME_CHARGE_MODEL,
    );
    expect(query.filter).toEqual({
      op: 'and',
      items: [
        { op: 'gt', field: 'amount', value: 100000 },
        { op: 'eq', field: 'oneTimeChargeID', value: 'c1' },
      ],
    });
    expect(query.orderBy).toEqual([{ field: 'amount', desc: true }]);
    expect(parse({ $select: 'chargeID,total' }, ONE_TIME_CHARGE_MODEL).select).toEqual(['chargeID', 'total']);
  });

  it('dates are dates: a calendar day field takes a date, an instant field a date-time', () => {
    expect(parse({ $filter: 'startDate ge 2026-01-01' }, CONTRACT_MODEL).filter).toEqual({
      op: 'ge',
      field: 'startDate',
      value: '2026-01-01',
    });
    expect(parse({ $filter: 'createdOn lt 2026-01-01T00:00:00Z' }, CONTRACT_MODEL).filter).toEqual({
      op: 'lt',
      field: 'createdOn',
      value: '2026-01-01T00:00:00Z',
    });
  });
});
