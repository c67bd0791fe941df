import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODELS } from '../../api/src/domain/shared/odata/model.js';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';

/**
 * `GET /odata/$metadata` as the running product serves it, checked against what it describes: every
 * entity set the functions declared has its type, every type a property names exists, and the date
 * fields are typed from the entity schemas of `@nhatro/common` (a calendar day, `z.iso.date()`, is
 * `Edm.Date`, as the API returns `yyyy-mm-dd`; an instant, `z.iso.datetime()`, `Edm.DateTimeOffset`).
 */

let product: TestProduct;
let xml = '';

beforeAll(async () => {
  product = await startTestProduct();
  const reply = await apiClient(product.url).request<string>('GET', '/odata/$metadata');
  expect(reply.status).toBe(200);
  xml = reply.body;
});
afterAll(() => product?.stop());

/** The XML of one declared type (entity or complex), or undefined. */
function typeBlock(name: string): string | undefined {
  return new RegExp(`<(Entity|Complex)Type Name="${name}">([\\s\\S]*?)</\\1Type>`).exec(xml)?.[2];
}

/** A schema field without `.optional()`, `.nullable()` or `.default()`. */
function unwrapped(field: z.ZodType): z.ZodType {
  let current = field;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

describe('$metadata', () => {
  it('declares the type of every entity set, and every type a property or navigation names', () => {
    const sets = [...xml.matchAll(/<EntitySet Name="([^"]+)" EntityType="NhaTro\.([^"]+)"\/>/g)];
    expect(sets.length).toBeGreaterThan(15);
    for (const [, set, type] of sets) {
      expect(xml, `${set} → ${type}`).toContain(`<EntityType Name="${type}">`);
    }
    expect(sets.map(([, set]) => set)).toContain('BankTransfer');
    const named = new Set(
      [...xml.matchAll(/Type="(?:Collection\()?NhaTro\.([A-Za-z]+)\)?"/g)].map(([, t]) => t),
    );
    expect(named.size).toBeGreaterThan(10);
    for (const type of named) expect(typeBlock(type as string), type).toBeDefined();
  });

  it('types every z.iso.date() field Edm.Date and every z.iso.datetime() field Edm.DateTimeOffset', () => {
    const checked: string[] = [];
    for (const model of Object.values(MODELS)) {
      const block = typeBlock(model.name);
      expect(block, model.name).toBeDefined();
      for (const [name, field] of Object.entries(model.schema.shape)) {
        if (!(name in model.fields)) continue;
        const inner = unwrapped(field as z.ZodType);
        const edm =
          inner instanceof z.ZodISODate
            ? 'Edm.Date'
            : inner instanceof z.ZodISODateTime
              ? 'Edm.DateTimeOffset'
              : undefined;
        if (!edm) continue;
        expect(block, `${model.name}.${name}`).toContain(`<Property Name="${name}" Type="${edm}"/>`);
        checked.push(`${model.name}.${name}: ${edm}`);
      }
    }
    // The fields the defect was about, among everything derived above.
    expect(checked).toEqual(
      expect.arrayContaining([
        'Contract.startDate: Edm.Date',
        'Contract.endDate: Edm.Date',
        'Contract.createdOn: Edm.DateTimeOffset',
        'MonthlyBill.dueDate: Edm.Date',
      ]),
    );
  });
});
