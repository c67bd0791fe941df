import { resolve } from 'node:path';
import { DEMO_ACCOUNTS } from './seed.js';
import { startLocalProduct } from './product.js';

const port = Number(process.env.PORT ?? 4280);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');

const paymentSandboxPort = Number(process.env.PAYMENT_SANDBOX_PORT ?? port + 10);

const product = await startLocalProduct({
  port,
  dataDir,
  paymentSandboxPort,
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Cổng ${port} đang được dùng. Hãy dừng chương trình đang dùng nó hoặc chạy với PORT khác, ví dụ: PORT=4281 npm start`
      : `Không khởi động được Nhà trọ: ${String(error)}`,
  );
  process.exit(1);
});

const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.username.length));
const passwordWidth = Math.max(...DEMO_ACCOUNTS.map((account) => account.password.length));
console.log(`
Nhà trọ đang chạy tại ${product.url}
Dữ liệu: ${dataDir}${product.seeded ? ' (vừa tạo dữ liệu mẫu)' : ''}
Cổng thanh toán thử (thay cho VNPay): ${product.paymentSandbox?.url ?? 'VNPay theo cấu hình'}${
  product.bankFeedKeys
    ? `
Chuyển khoản tự động của chunha (giả lập bằng curl, xem docs/bank-feed.md):
  SePay: POST ${product.url}/api/BankFeed/SePay, khóa API trong ${product.bankFeedKeys.sepayKeyFile}
  Casso: POST ${product.url}${product.bankFeedKeys.cassoPath}, khóa checksum trong ${product.bankFeedKeys.cassoKeyFile}`
    : ''
}

Tài khoản mẫu:
${DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(width)}  ${a.password.padEnd(passwordWidth)}  ${a.description}`).join('\n')}

Nhấn Ctrl+C để dừng.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // A signal handler cannot be awaited: stop the product, then leave (a failed stop surfaces as an
    // unhandled rejection, which ends the process too).
    void product.stop().then(() => process.exit(0));
  });
}
