/** User-facing Vietnamese messages shared by the API and the web app. Spec texts are verbatim. */
export const MESSAGES = {
  usernameRequired: 'Tên đăng nhập không được để trống!',
  passwordRequired: 'Mật khẩu không được để trống!',
  usernameTooLong: 'Tên đăng nhập tối đa 200 ký tự.',
  passwordTooLong: 'Mật khẩu tối đa 200 ký tự.',
  wrongCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng!',
  accountDisabled: 'Tài khoản đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên.',
  passwordChangeRequired: 'Bạn cần đặt mật khẩu mới thay cho mật khẩu dùng một lần trước khi tiếp tục.',
  tooManyLoginAttempts: (minutes: number) =>
    `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  /** No session, or an expired or ended one. */
  unauthenticated: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  /** A token that is forged, malformed, or not signed for this API. */
  invalidAccessToken: 'Phiên đăng nhập không hợp lệ. Vui lòng đăng nhập lại.',
  tooManyLoginAttemptsSeconds: (seconds: number) =>
    `Bạn đã đăng nhập sai nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  invalidRefreshToken: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.',
  forbidden: 'Bạn không có quyền thực hiện thao tác này.',
  notFound: 'Không tìm thấy dữ liệu yêu cầu.',
  houseNotFound: 'Không tìm thấy nhà trọ.',
  conflict: 'Dữ liệu đã tồn tại hoặc đang được sử dụng.',
  staleData: 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.',
  malformedJson: 'Dữ liệu gửi lên không đúng định dạng JSON.',
  bodyTooLarge: (bytes: number) =>
    `Dữ liệu gửi lên quá lớn (tối đa ${bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} KB`}).`,
  unsupportedMediaType: 'Định dạng dữ liệu gửi lên không được hỗ trợ.',
  invalidInput: 'Dữ liệu không hợp lệ.',
  invalidQuery: (detail: string) => `Tham số truy vấn không hợp lệ: ${detail}`,
  unknownField: (field: string) => `Trường "${field}" không tồn tại.`,
  idMismatch: (label: string) => `${label} trong dữ liệu gửi lên không khớp với đường dẫn.`,
  methodNotAllowed: 'Phương thức không được hỗ trợ.',
  routeNotFound: 'Đường dẫn API không tồn tại.',
  serverError: 'Hệ thống đang gặp sự cố!',
  /** The service cannot start (configuration, a dependency unreachable): a 503, try again later. */
  serviceUnavailable: 'Hệ thống đang tạm gián đoạn. Vui lòng thử lại sau ít phút.',
  logoutSuccess: 'Đăng xuất thành công.',
  blobNameInvalid: 'Tên tệp không hợp lệ.',
} as const;

/** Zod issue codes → Vietnamese, for schema errors that carry no custom message. */
export const GENERIC_FIELD_MESSAGES = {
  required: 'Trường này là bắt buộc.',
  invalidType: 'Giá trị không đúng kiểu dữ liệu.',
  tooSmall: 'Giá trị quá nhỏ.',
  tooBig: 'Giá trị quá lớn.',
  invalidFormat: 'Giá trị không đúng định dạng.',
} as const;
