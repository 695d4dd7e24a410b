import type { certificate as en } from '../en-US/certificate';

export const certificate: Record<keyof typeof en, string> = {
  'certificate.check.certificateFormat': '无法读取证书，请粘贴 PEM 格式的完整证书链',
  'certificate.check.keyFormat': '无法读取私钥，请粘贴 PEM 格式的私钥',
  'certificate.check.keyEncrypted': '私钥不能设置密码',
  'certificate.check.keyType': '仅支持 RSA 和 ECDSA（P-256、P-384、P-521）私钥',
  'certificate.check.keyMismatch': '私钥与证书不匹配',
  'certificate.check.chainOrder': '证书链顺序错误：请把证书放在最前，每个中间证书紧跟在它签发的证书之后',
  'certificate.check.chainBroken': '证书链不完整，或其中有证书并未签发它前面的证书',
  'certificate.check.expired': '证书已过期',
  'certificate.check.notYetValid': '证书尚未生效',
  'certificate.check.chainExpired': '证书链中的中间证书已过期',
  'certificate.check.chainNotYetValid': '证书链中的中间证书尚未生效',
  'certificate.check.hostMismatch': '证书不包含该域名',
  'certificate.inUse': '证书已部署到 {domains}，请先为这些域名更换其他证书',
  'certificate.notCovering': '新证书不包含 {domains}，而当前证书已部署到这些域名',
  'certificate.deploy.failed': '证书部署失败',
  'certificate.deploy.failedWith': '证书部署失败：{reason}',
  'certificate.deploy.notCovered': '证书不包含该域名',
  'certificate.deploy.notFound': '域名不存在',
  'errors.CERT_IN_USE': '证书已部署到域名，无法删除',
  'errors.CERT_NOT_COVERING': '新证书未包含当前证书已部署的全部域名',
};
