import type { traffic as en } from '../en-US/traffic';

export const traffic: Record<keyof typeof en, string> = {
  'traffic.range.endBeforeStart': '结束时间必须晚于开始时间',
  'traffic.range.tooLong': '查询范围最多 92 天',
  'traffic.range.tooFine': '5 分钟粒度最多查询 31 天，请选择更粗的粒度',
  'traffic.edge.unauthorized': '未知的边缘节点令牌',
  'traffic.edge.badBody': '请求体不是可读的访问日志行（gzip 或纯 JSON 行）',
  'traffic.edge.tooLarge': '一批日志解压后最多 {max} MB，请分成更小的批次提交',
  'traffic.edge.sandbox': '此控制台使用沙箱边缘（EDGE=sandbox），边缘代理需要 EDGE=nginx',
  'traffic.import.noFile': '请选择访问日志文件（JSON 行，可为 gzip 压缩）',
  'traffic.import.tooLarge': '文件最大 {max} MB，解压后最大 {inflated} MB，请拆分后再导入',
};
