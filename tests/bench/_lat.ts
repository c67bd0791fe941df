import { startCosmosProduct } from '../support/cosmosProduct.js';
import { firstLoads, send } from '../support/firstLoads.js';
const product = await startCosmosProduct();
const loads = await firstLoads(product.url);
const names = (process.env.ROWS ?? 'Contracts, first page, every expand').split('|');
for (const load of loads.filter((l) => names.includes(l.name))) {
  for (let i = 0; i < Number(process.env.N ?? 300); i++) await send(product.url, load);
}
await product.stop();
