import type { staff as en } from '../en-US/staff';

export const staff: Record<keyof typeof en, string> = {
  'staff.role.required': '请选择角色',
  'staff.reason.required': '请填写原因',
  'staff.reason.max': '原因最多 500 个字符',
  'errors.STAFF_NAME_TAKEN': '该名称的工作人员已存在',
  'errors.STAFF_LOCKED': '密码或验证码错误次数过多，该名称的运营登录已锁定，请 {minutes} 分钟后再试',
  'errors.STAFF_ADDRESS_REFUSED': '运营控制台不接受来自此地址的登录',
  'errors.STAFF_LAST_ADMIN': '这是最后一个启用的管理员，请先添加另一个管理员',
  'errors.REVIEW_ALREADY_DECIDED': '已处理过：列表显示的是账号的当前状态',
  'errors.OWNERSHIP_NO_REQUEST': '没有该客户申请在此域名下添加域名（已申请：{userNames}）',
  'errors.OWNERSHIP_AMBIGUOUS': '多个客户申请验证此域名（{userNames}），请指定一个',
  'staff.edgeNode.name': '节点名称由字母、数字、“.”、“_”或“-”组成（最多 64 个），以字母或数字开头',
  'errors.EDGE_NODE_TAKEN': '该名称的节点已存在（或已在 EDGE_NODE_TOKENS 中配置）：请先吊销，再使用其他名称添加',
  'errors.EDGE_NODE_REVOKED': '该节点已被吊销',
  'errors.CUSTOMER_ALREADY_DISABLED': '该账号已是停用状态',
  'errors.CUSTOMER_NOT_DISABLED': '该账号未被停用',
  'staff.notice.noUser': '没有该用户名的客户',
  'errors.STAFF_SELF': '不能对自己的账号执行此操作，请联系其他管理员',
};
