import type { common as en } from '../en-US/common';

export const common: Record<keyof typeof en, string> = {
  ok: '成功',
  'errors.VALIDATION_FAILED': '请检查标出的字段',
  'errors.BAD_REQUEST': '请求无效',
  'errors.UNAUTHORIZED': '请先登录',
  'errors.SESSION_EXPIRED': '登录已过期，请重新登录',
  'errors.FORBIDDEN': '您没有执行此操作的权限',
  'errors.NOT_FOUND': '未找到',
  'errors.CONFLICT': '与当前状态冲突，请刷新后重试',
  'errors.PAYLOAD_TOO_LARGE': '上传的文件过大',
  'errors.UNSUPPORTED_MEDIA_TYPE': '不支持该文件类型',
  'errors.RATE_LIMITED': '请求过于频繁，请稍后再试',
  'errors.INTERNAL': '系统接口异常',
  'validation.required': '输入不能为空',
  'validation.invalid': '输入的值无效',
  'validation.tooLong': '最多 {max} 个字符',
  'validation.tooShort': '至少 {min} 个字符',
  'validation.tooSmall': '不能小于 {min}',
  'validation.tooBig': '不能大于 {max}',
  'validation.integer': '必须是整数',
  'validation.tooMany': '最多 {max} 条',
};
