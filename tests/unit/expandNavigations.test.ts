import { describe, expect, it } from 'vitest';
import { csdlDocument } from '../../api/src/domain/shared/odata/metadata.js';
import { MODELS } from '../../api/src/domain/shared/odata/model.js';
import { NAVIGATIONS } from '../../api/src/useCases/shared/navigations.js';

/**
 * The parser accepts every navigation a model declares, at any depth, and `$metadata` describes it:
 * each must have a loader, declared as `$metadata` declares it (a collection or a single entity), and
 * no loader may wait for a navigation no model declares.
 */
const declared = Object.values(MODELS).flatMap((model) =>
  Object.entries(model.navigation).map(([property, target]) => ({ model: model.name, property, target })),
);

describe('the navigations of the OData models', () => {
  it('every declared navigation has a loader', () => {
    expect(declared.length).toBeGreaterThan(30);
    const missing = declared.filter(({ model, property }) => !NAVIGATIONS[model]?.[property]);
    expect(missing).toEqual([]);
  });

  it('every loader belongs to a declared navigation', () => {
    const loaders = Object.entries(NAVIGATIONS).flatMap(([model, properties]) =>
      Object.keys(properties).map((property) => `${model}.${property}`),
    );
    expect(loaders.sort()).toEqual(declared.map(({ model, property }) => `${model}.${property}`).sort());
  });

  it('$metadata types each one as the loader answers it: a collection or a single entity', () => {
    const xml = csdlDocument(MODELS, []);
    for (const { model, property, target } of declared) {
      const block = new RegExp(`<(Entity|Complex)Type Name="${model}">([\\s\\S]*?)</\\1Type>`).exec(xml)?.[2];
      const single = NAVIGATIONS[model]?.[property]?.single === true;
      const type = single ? `NhaTro.${target}` : `Collection(NhaTro.${target})`;
      expect(block, `${model}.${property}`).toMatch(
        new RegExp(`Name="${property}" Type="${type.replace(/[()]/g, '\\$&')}"`),
      );
    }
  });
});
