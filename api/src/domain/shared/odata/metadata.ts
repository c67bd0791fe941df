import type { EntityModel, FieldType } from './model.js';

/** The CSDL namespace of the product's entity types (`NhaTro.Room`). */
const NAMESPACE = 'NhaTro';

const EDM_TYPES: Record<FieldType, string> = {
  string: 'Edm.String',
  number: 'Edm.Decimal',
  boolean: 'Edm.Boolean',
  date: 'Edm.Date',
  dateTime: 'Edm.DateTimeOffset',
  // Arrays of the entities are blob names today (`images`).
  array: 'Collection(Edm.String)',
  object: 'Edm.Untyped',
};

/** One entity set as the recipe declared it: `/odata/<entitySet>` of `model`, keyed by `key`. */
export interface DeclaredEntitySet {
  entitySet: string;
  model: EntityModel;
  key: string;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The key of a type: the declared one, else `<camelName>ID` when the model has it (`Contract` →
 * `contractID`), else its first field when that is an id (entity schemas start with their id:
 * `Lessee` → `lesseeInfoID`).
 */
function keyOf(model: EntityModel, declared: ReadonlyMap<string, string>): string | undefined {
  const key = declared.get(model.name);
  if (key) return key;
  const candidate = `${model.name.charAt(0).toLowerCase()}${model.name.slice(1)}ID`;
  if (model.fields[candidate]) return candidate;
  const first = Object.keys(model.fields)[0];
  return first?.endsWith('ID') && model.fields[first] === 'string' ? first : undefined;
}

/**
 * The OData v4 `$metadata` document (CSDL XML) of the entity models: a type with a key is an
 * EntityType, one without (`LessorInfo`) a ComplexType; navigation named in the plural is a collection.
 */
export function csdlDocument(
  models: Record<string, EntityModel>,
  entitySets: readonly DeclaredEntitySet[],
): string {
  const declared = new Map(entitySets.map((set) => [set.model.name, set.key]));
  const keys = new Map(Object.values(models).map((model) => [model.name, keyOf(model, declared)]));
  const lines: string[] = [];
  for (const model of Object.values(models)) {
    const key = keys.get(model.name);
    const kind = key ? 'EntityType' : 'ComplexType';
    lines.push(`      <${kind} Name="${escapeXml(model.name)}">`);
    if (key) lines.push(`        <Key><PropertyRef Name="${escapeXml(key)}"/></Key>`);
    for (const [name, type] of Object.entries(model.fields)) {
      const nullable = name === key ? ' Nullable="false"' : '';
      lines.push(`        <Property Name="${escapeXml(name)}" Type="${EDM_TYPES[type]}"${nullable}/>`);
    }
    for (const [name, target] of Object.entries(model.navigation)) {
      const targetType = `${NAMESPACE}.${escapeXml(target)}`;
      const type = name.endsWith('s') ? `Collection(${targetType})` : targetType;
      // A complex type is a structural property, not a navigation (it has no key to navigate by).
      lines.push(
        keys.get(target)
          ? `        <NavigationProperty Name="${escapeXml(name)}" Type="${type}"/>`
          : `        <Property Name="${escapeXml(name)}" Type="${type}"/>`,
      );
    }
    lines.push(`      </${kind}>`);
  }
  lines.push('      <EntityContainer Name="Container">');
  for (const set of entitySets) {
    lines.push(
      `        <EntitySet Name="${escapeXml(set.entitySet)}" EntityType="${NAMESPACE}.${escapeXml(set.model.name)}"/>`,
    );
  }
  lines.push('      </EntityContainer>');
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
    ...lines,
    '    </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}
