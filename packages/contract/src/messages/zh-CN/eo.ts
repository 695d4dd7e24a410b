import type { eo as en } from '../en-US/eo';

export const eo: Record<keyof typeof en, string> = {
  'eo.client.duplicate': '每一项只能选择一次',
  'eo.client.nothingBlocked': '请至少选择一类要拦截的客户端',
  'eo.abuse.threshold': '阈值须为1到102400之间的整数（MB）',
  'eo.abuse.window': '统计窗口须为10到3600之间的整数（秒）',
  'eo.abuse.rateCap': '限速须为64到102400之间的整数（KB/s）',
  'eo.slow.minRate': '最低请求体速率须为1到8192之间的整数（字节/秒）',
  'eo.slow.headerTimeout': '请求头超时须为1到60之间的整数（秒）',
  'eo.slow.bodyTimeout': '请求体超时须为1到120之间的整数（秒）',
};
