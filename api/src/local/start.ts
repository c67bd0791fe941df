import { resolve } from 'node:path';
import { DEMO_ACCOUNTS } from './seed.js';
import { startLocalProduct } from './product.js';

const port = Number(process.env.PORT ?? 4280);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');

const product = await startLocalProduct({
  port,
  dataDir,
  log: (line) => console.log(line),
});

const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.username.length));
console.log(`
Nhà trọ đang chạy tại ${product.url}
Dữ liệu: ${dataDir}${product.seeded ? ' (vừa tạo dữ liệu mẫu)' : ''}

Tài khoản mẫu:
${DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(width)}  ${a.password.padEnd(18)} ${a.description}`).join('\n')}

Nhấn Ctrl+C để dừng.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void product.stop().then(() => process.exit(0));
  });
}
