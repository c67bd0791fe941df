// Every action the API writes to the system log has Vietnamese words, and no entry reads with a word
// group twice ('Ký hợp đồng hợp đồng', 'Phát hành hóa đơn bảng kê' were).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_ACTION_LABELS, LOG_ENTITY_LABELS, logActionText } from '@nhatro/common';
import { describe, expect, it } from 'vitest';

const API_SOURCE = join(import.meta.dirname, '..', '..', 'api', 'src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The quoted codes on the `action:` / `entity:` lines of the API's audit calls. */
function loggedCodes(field: 'action' | 'entity'): Set<string> {
  const codes = new Set<string>();
  const line = new RegExp(`\\b${field}:\\s*([^,\\n]+)`, 'g');
  for (const file of sourceFiles(API_SOURCE)) {
    for (const match of readFileSync(file, 'utf8').matchAll(line)) {
      // `channel === 'email' ? 'verifyEmail' : 'verifyPhone'`: the compared value is no code.
      const value = match[1]!.replace(/[!=]==\s*'[^']*'/g, '');
      for (const quoted of value.matchAll(/'([a-zA-Z]+)'/g)) codes.add(quoted[1]!);
    }
  }
  return codes;
}

/** A run of one to three words said twice in a row. */
function repeatedWords(text: string): string | null {
  const words = text.toLocaleLowerCase('vi').split(/\s+/);
  for (let size = 1; size <= 3; size += 1) {
    for (let start = 0; start + 2 * size <= words.length; start += 1) {
      const first = words.slice(start, start + size).join(' ');
      if (first === words.slice(start + size, start + 2 * size).join(' ')) return first;
    }
  }
  return null;
}

describe('system log labels', () => {
  const actions = loggedCodes('action');
  const entities = loggedCodes('entity');

  it('finds the API’s audit calls (the scan itself works)', () => {
    for (const code of ['create', 'sign', 'issue', 'verifyPhone', 'login']) expect(actions).toContain(code);
    for (const code of ['contract', 'houseTicket', 'registration']) expect(entities).toContain(code);
  });

  it('names every action and entity the API logs', () => {
    expect([...actions].filter((code) => LOG_ACTION_LABELS[code] === undefined)).toEqual([]);
    expect([...entities].filter((code) => LOG_ENTITY_LABELS[code] === undefined)).toEqual([]);
  });

  it('reads every action with every entity without a repeated word group', () => {
    const repeated: string[] = [];
    for (const action of actions) {
      for (const entity of entities) {
        const text = logActionText(action, entity);
        if (repeatedWords(text) !== null) repeated.push(text);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('says what the reports complained about in proper phrases', () => {
    expect(logActionText('sign', 'contract')).toBe('Ký hợp đồng');
    expect(logActionText('issue', 'houseTicket')).toBe('Phát hành hóa đơn từ bảng kê');
    expect(logActionText('verifyPhone', 'registration')).toBe('Xác minh số điện thoại người đăng ký');
    expect(logActionText('create', 'room')).toBe('Tạo mới phòng');
    expect(repeatedWords('Ký hợp đồng hợp đồng')).toBe('hợp đồng');
  });
});
