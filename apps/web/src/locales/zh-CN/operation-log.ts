import type { operationLog as en } from '../en-US/operation-log';

export const operationLog: Record<keyof typeof en, string> = {
  'operationLog.field.time': '时间',
  'operationLog.field.user': '用户',
  'operationLog.field.action': '操作',
  'operationLog.field.target': '操作对象',
  'operationLog.field.changes': '变更内容',
  'operationLog.field.address': '地址',
  'operationLog.field.actor': '操作来源',
  'operationLog.filter.targetType': '对象类型',
  'operationLog.filter.action': '操作类型',
  'operationLog.search': '按对象名称或 ID 搜索',
  'operationLog.export': '导出 CSV',
  'operationLog.loadFailed': '操作日志加载失败',
  'operationLog.noMatch': '没有符合筛选条件的操作记录',
  'operationLog.emptyTitle': '暂无操作记录',
  'operationLog.emptyDescription': '对域名、证书、订单和账号的每一次修改都会记录在这里，包括操作来源和地址。',
  'operationLog.noChanges': '无字段变更明细',
};
