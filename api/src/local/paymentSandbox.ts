import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vietnamCompactDateTime } from '../domain/shared/time.js';

/**
 * The local payment sandbox: stands in for VNPay's payment page so `npm start` and the tests pay end to
 * end without the internet. It speaks VNPay's protocol and signs as VNPay documents it (independently of
 * the `vnpay` library the API uses, so each checks the other): it takes the signed payment URL, shows a
 * card form with three outcomes, sends the signed server-to-server notification (IPN) to the API and then
 * sends the browser to the return URL with the same signed result, as the real gateway does.
 */

export interface PaymentSandboxOptions {
  tmnCode: string;
  hashSecret: string;
  /** The API's notification endpoint (VNPay has it from the merchant's registration, not from the URL). */
  ipnUrl: string;
  /** 0 (default): any free port. */
  port?: number;
}

export interface PaymentSandbox {
  /** The gateway host the API is configured with (`VNPAY_HOST`). */
  url: string;
  /** The notifications sent so far and what the API answered, newest last. */
  notifications: Array<{ paymentID: string; outcome: Outcome; rspCode: string }>;
  stop(): Promise<void>;
}

type Outcome = 'success' | 'failure' | 'cancel';

/** VNPay's result codes for each outcome: paid, refused by the bank (insufficient funds), cancelled. */
const OUTCOMES: Record<Outcome, { responseCode: string; transactionStatus: string }> = {
  success: { responseCode: '00', transactionStatus: '00' },
  failure: { responseCode: '51', transactionStatus: '02' },
  cancel: { responseCode: '24', transactionStatus: '02' },
};

const PAYMENT_PATH = '/paymentv2/vpcpay.html';
const PAY_PATH = '/paymentv2/pay';

/** PHP's `urlencode`, which VNPay's reference code signs with: RFC 3986 escapes, spaces as '+'. */
function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** VNPay's checksum: the fields sorted by name, `key=value` joined by '&', HMAC-SHA512 in hex. */
export function vnpaySignature(fields: Record<string, string>, secret: string): string {
  const data = Object.keys(fields)
    .filter((key) => fields[key] !== '')
    .sort()
    .map((key) => `${phpUrlEncode(key)}=${phpUrlEncode(fields[key] ?? '')}`)
    .join('&');
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

/** The fields with their checksum, as a query string. */
export function signedQuery(fields: Record<string, string>, secret: string): string {
  const query = new URLSearchParams(fields);
  query.set('vnp_SecureHash', vnpaySignature(fields, secret));
  return query.toString();
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const STYLE = `
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1d2939}
  header{background:#005baa;color:#fff;padding:14px 16px}
  header b{font-size:20px;letter-spacing:.5px} header small{display:block;opacity:.85}
  main{max-width:480px;margin:0 auto;padding:16px}
  section{background:#fff;border-radius:10px;padding:16px;margin-bottom:14px;box-shadow:0 1px 3px #0001}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0} dt{color:#667085} dd{margin:0;font-weight:600;word-break:break-word}
  .amount{font-size:24px;color:#d92d20}
  label{display:block;font-size:14px;color:#475467;margin:10px 0 4px}
  input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d0d5dd;border-radius:8px;font-size:16px}
  button{width:100%;padding:14px;margin-top:10px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer}
  .pay{background:#005baa;color:#fff} .fail{background:#fff;color:#b42318;border:1px solid #fda29b} .cancel{background:#f2f4f7;color:#344054}
  .note{font-size:13px;color:#667085}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><header><b>VNPAY</b><small>Cổng thanh toán thử nghiệm (chạy trên máy này)</small></header>
<main>${body}</main></body></html>`;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}

function errorPage(res: ServerResponse, code: string, message: string): void {
  send(
    res,
    400,
    page(
      'Lỗi giao dịch',
      `<section><h2>Giao dịch không hợp lệ</h2><p>${escapeHtml(message)}</p><p class="note">Mã lỗi VNPay: ${code}</p></section>`,
    ),
  );
}

function money(hundredths: string): string {
  return `${(Number(hundredths) / 100).toLocaleString('vi-VN')} ₫`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  /** Orders shown on the card form, by the form's one-time token. */
  const orders = new Map<string, Record<string, string>>();
  const notifications: PaymentSandbox['notifications'] = [];

  function showPaymentPage(res: ServerResponse, url: URL): void {
    const fields: Record<string, string> = {};
    for (const [key, value] of url.searchParams) {
      if (key.startsWith('vnp_') && key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType')
        fields[key] = value;
    }
    const expected = Buffer.from(vnpaySignature(fields, options.hashSecret));
    const received = Buffer.from((url.searchParams.get('vnp_SecureHash') ?? '').toLowerCase());
    if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
      errorPage(res, '70', 'Sai chữ ký (vnp_SecureHash).');
      return;
    }
    if (fields.vnp_TmnCode !== options.tmnCode) {
      errorPage(res, '02', 'Website (vnp_TmnCode) chưa được phê duyệt.');
      return;
    }
    if (!/^\d+$/.test(fields.vnp_Amount ?? '') || !fields.vnp_TxnRef || !fields.vnp_ReturnUrl) {
      errorPage(res, '03', 'Dữ liệu gửi sang không đúng định dạng.');
      return;
    }
    if (fields.vnp_ExpireDate && fields.vnp_ExpireDate < vietnamCompactDateTime(new Date())) {
      errorPage(res, '11', 'Đã hết hạn chờ thanh toán. Xin quý khách vui lòng thực hiện lại giao dịch.');
      return;
    }
    const token = randomBytes(16).toString('hex');
    orders.set(token, fields);
    const details = `<section><dl>
<dt>Đơn vị</dt><dd>${escapeHtml(options.tmnCode)}</dd>
<dt>Số tiền</dt><dd class="amount">${money(fields.vnp_Amount ?? '0')}</dd>
<dt>Nội dung</dt><dd>${escapeHtml(fields.vnp_OrderInfo ?? '')}</dd>
<dt>Mã đơn hàng</dt><dd>${escapeHtml(fields.vnp_TxnRef ?? '')}</dd></dl></section>`;
    const form = `<section><form method="post" action="${PAY_PATH}">
<input type="hidden" name="token" value="${token}">
<label for="bank">Ngân hàng</label><select id="bank" name="bank"><option>NCB</option></select>
<label for="card">Số thẻ</label><input id="card" inputmode="numeric" value="9704198526191432198">
<label for="holder">Tên chủ thẻ</label><input id="holder" value="NGUYEN VAN A">
<label for="issued">Ngày phát hành</label><input id="issued" value="07/15">
<label for="otp">Mã OTP</label><input id="otp" inputmode="numeric" value="123456">
<button class="pay" name="outcome" value="success">Thanh toán</button>
<button class="fail" name="outcome" value="failure">Thẻ không đủ số dư (thất bại)</button>
<button class="cancel" name="outcome" value="cancel">Hủy thanh toán</button>
</form><p class="note">Không có tiền thật nào được chuyển: trang này chỉ giả lập cổng VNPay.</p></section>`;
    send(res, 200, page('Thanh toán qua VNPAY', details + form));
  }

  async function pay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const token = form.get('token') ?? '';
    const order = orders.get(token);
    const outcome = form.get('outcome') as Outcome | null;
    if (!order || !outcome || !(outcome in OUTCOMES)) {
      errorPage(res, '99', 'Phiên thanh toán không còn hiệu lực.');
      return;
    }
    orders.delete(token);
    const { responseCode, transactionStatus } = OUTCOMES[outcome];
    const result: Record<string, string> = {
      vnp_Amount: order.vnp_Amount ?? '0',
      vnp_BankCode: 'NCB',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: order.vnp_OrderInfo ?? '',
      vnp_PayDate: vietnamCompactDateTime(new Date()),
      vnp_ResponseCode: responseCode,
      vnp_TmnCode: options.tmnCode,
      vnp_TransactionNo: outcome === 'cancel' ? '0' : String(randomInt(10_000_000, 99_999_999)),
      vnp_TransactionStatus: transactionStatus,
      vnp_TxnRef: order.vnp_TxnRef ?? '',
      ...(outcome === 'success' ? { vnp_BankTranNo: `VNP${randomInt(10_000_000, 99_999_999)}` } : {}),
    };
    const query = signedQuery(result, options.hashSecret);
    let rspCode = 'no-reply';
    try {
      const reply = await fetch(`${options.ipnUrl}?${query}`);
      rspCode = ((await reply.json()) as { RspCode?: string }).RspCode ?? 'no-reply';
    } catch {
      // The merchant did not answer: VNPay would try again later; the browser still goes back.
    }
    notifications.push({ paymentID: result.vnp_TxnRef ?? '', outcome, rspCode });
    const returnUrl = new URL(order.vnp_ReturnUrl ?? '/');
    returnUrl.search = query;
    res.writeHead(302, { Location: returnUrl.href, 'Cache-Control': 'no-store' });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    // Node's request listener returns nothing to wait for: the reply is written by this task, which
    // answers every failure itself (an error page), so nothing is left to reject.
    void (async () => {
      try {
        if (req.method === 'GET' && url.pathname === PAYMENT_PATH) return showPaymentPage(res, url);
        if (req.method === 'POST' && url.pathname === PAY_PATH) return await pay(req, res);
        send(res, 404, page('Không tìm thấy', '<section><p>Không tìm thấy trang.</p></section>'));
      } catch {
        if (!res.headersSent) errorPage(res, '99', 'Lỗi không xác định.');
        else res.end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    notifications,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
