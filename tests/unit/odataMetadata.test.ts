import { describe, expect, it } from 'vitest';
import { csdlDocument } from '../../api/src/domain/shared/odata/metadata.js';
import {
  HOUSE_MODEL,
  MODELS,
  REGISTRATION_MODEL,
  ROOM_MODEL,
} from '../../api/src/domain/shared/odata/model.js';

describe('csdlDocument ($metadata)', () => {
  const xml = csdlDocument(MODELS, [
    { entitySet: 'House', model: HOUSE_MODEL, key: 'houseID' },
    { entitySet: 'Room', model: ROOM_MODEL, key: 'roomID' },
    { entitySet: 'HMRegistration', model: REGISTRATION_MODEL, key: 'registrationID' },
  ]);

  it('is an OData v4 edmx document with one schema and an entity container of the declared sets', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<edmx:Edmx Version="4.0"')).toBe(true);
    expect(xml).toContain('<Schema Namespace="NhaTro" xmlns="http://docs.oasis-open.org/odata/ns/edm">');
    const container = /<EntityContainer Name="Container">([\s\S]*)<\/EntityContainer>/.exec(xml)?.[1] ?? '';
    expect(container.match(/<EntitySet /g)).toHaveLength(3);
    expect(container).toContain('<EntitySet Name="Room" EntityType="NhaTro.Room"/>');
  });

  it('describes every model: keyed ones as entity types, those without a key as complex types', () => {
    const complex = ['LessorInfo', 'Image', 'BillDetail'];
    for (const name of Object.keys(MODELS).filter((model) => !complex.includes(model))) {
      expect(xml).toContain(`<EntityType Name="${name}">`);
    }
    for (const name of complex) expect(xml).toContain(`<ComplexType Name="${name}">`);
    // A bill's lines are a collection of that complex type (spec §7: `monthlyBills($expand=billDetails)`).
    expect(xml).toContain('<Property Name="billDetails" Type="Collection(NhaTro.BillDetail)"/>');
    // Undeclared sets get the `<name>ID` key of their model.
    expect(xml).toMatch(/<EntityType Name="Contract">\s*<Key><PropertyRef Name="contractID"\/><\/Key>/);
  });

  it('maps field types and navigation from the entity schemas', () => {
    expect(xml).toContain('<Property Name="roomID" Type="Edm.String" Nullable="false"/>');
    expect(xml).toContain('<Property Name="price" Type="Edm.Decimal"/>');
    expect(xml).toContain('<Property Name="images" Type="Collection(Edm.String)"/>');
    expect(xml).toContain('<Property Name="isRepresentative" Type="Edm.Boolean"/>');
    expect(xml).toContain('<NavigationProperty Name="devices" Type="Collection(NhaTro.Device)"/>');
    expect(xml).toContain('<Property Name="lessorInfo" Type="NhaTro.LessorInfo"/>');
  });

  it('leaves out the fields models keep from clients', () => {
    expect(xml).not.toMatch(/Name="citizenID"/);
    expect(xml).not.toMatch(/Name="lesseeAccountID"/);
  });
});
