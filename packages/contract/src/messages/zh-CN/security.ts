import type { security as en } from '../en-US/security';

export const security: Record<keyof typeof en, string> = {
  'security.apiKey.note.max': '备注最多 64 个字符',
  'security.twoFactor.code.format': '请输入身份验证器中的 6 位验证码，或一个恢复码',
  'errors.SESSION_REQUIRED': '此操作只能在控制台中以密码登录后进行，不能使用 API 密钥',
  'errors.TWO_FACTOR_CODE_INVALID': '验证码错误或已被使用',
  'errors.TWO_FACTOR_CHALLENGE_INVALID': '登录已过期，请重新输入密码',
  'errors.TWO_FACTOR_LOCKED':
    '验证码错误次数过多：登录的第二步已锁定，请 {minutes} 分钟后再试。账号所有者已收到邮件通知。',
  'security.mail.twoFactorLocked.subject': 'Edgeward 登录因验证码错误过多已锁定',
  'security.mail.twoFactorLocked.text':
    '您的 Edgeward 账号 {userName} 的密码输入正确，但随后 {window} 分钟内输入了 {failures} 次错误的验证码（最近一次来自 {ip}）。登录的第二步已锁定 {minutes} 分钟。\n\n如果这不是您本人的操作，请立即修改密码：有人知道了您的密码。',
  'errors.TWO_FACTOR_ALREADY_ENABLED': '两步验证已开启',
  'errors.TWO_FACTOR_NOT_ENABLED': '两步验证未开启',
  'errors.API_KEY_LIMIT_REACHED': '您已有 {max} 个 API 密钥，请先删除一个再创建',
  'errors.API_KEY_READ_ONLY': '此 API 密钥为只读，只能发起 GET 请求',
  'errors.API_KEY_INVALID': '未知的 API 密钥',
  'errors.API_KEY_DISABLED': '此 API 密钥已禁用',
  'errors.SIGNATURE_INVALID': '请求签名不匹配',
  'errors.SIGNATURE_EXPIRED': '请求时间戳与服务器时间相差超过 5 分钟',
  'errors.NONCE_REUSED': '此 Nonce 已使用过，每个请求请使用新的 Nonce',
  'errors.BODY_HASH_MISMATCH': '请求体与签名中的 ContentSha256 不符',
} as const;
