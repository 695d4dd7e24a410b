-- A package carries its name and spec in both languages of the console: `name` and `spec` in English (en-US), the
-- new columns in Chinese (zh-CN); the operator gives both. Orders and owned packages keep both as they were bought.
-- Packages defined before this migration get their English texts in Chinese as well, except the sample catalogue,
-- whose translations are known; the operator renames the rest (`package rename`).
ALTER TABLE packages ADD COLUMN name_zh text;
ALTER TABLE packages ADD COLUMN spec_zh text;
UPDATE packages SET
  name_zh = CASE code
    WHEN 'sample-traffic-100g' THEN '流量包 100 GB'
    WHEN 'sample-traffic-1t' THEN '流量包 1 TB'
    WHEN 'sample-https-10m' THEN 'HTTPS 请求数包 1000 万次'
    WHEN 'sample-websocket' THEN 'WebSocket 增值服务'
    WHEN 'sample-china-mainland' THEN '中国大陆优化'
    WHEN 'sample-eo-basic' THEN '边缘安全加速平台基础版'
    ELSE name END,
  spec_zh = CASE code
    WHEN 'sample-https-10m' THEN '10,000,000 次请求'
    WHEN 'sample-websocket' THEN '全部域名可用 WebSocket'
    WHEN 'sample-china-mainland' THEN '由客服开通'
    WHEN 'sample-eo-basic' THEN '基础版套餐'
    ELSE spec END;
ALTER TABLE packages ALTER COLUMN name_zh SET NOT NULL;
ALTER TABLE packages ALTER COLUMN spec_zh SET NOT NULL;

ALTER TABLE orders ADD COLUMN product_name_zh text;
ALTER TABLE orders ADD COLUMN spec_zh text;
UPDATE orders SET product_name_zh = '余额充值' WHERE kind = 'recharge';
UPDATE orders SET product_name = 'Balance recharge' WHERE kind = 'recharge';
-- A package order bought under the package's present English texts takes its Chinese ones; a renamed one keeps its own.
UPDATE orders o SET
  product_name_zh = CASE WHEN o.product_name = p.name THEN p.name_zh ELSE o.product_name END,
  spec_zh = CASE WHEN o.spec IS NULL THEN NULL WHEN o.spec = p.spec THEN p.spec_zh ELSE o.spec END
FROM packages p WHERE o.package_id = p.id;
UPDATE orders SET product_name_zh = product_name WHERE product_name_zh IS NULL;
UPDATE orders SET spec_zh = spec WHERE spec_zh IS NULL AND spec IS NOT NULL;
ALTER TABLE orders ALTER COLUMN product_name_zh SET NOT NULL;

ALTER TABLE user_packages ADD COLUMN name_zh text;
ALTER TABLE user_packages ADD COLUMN spec_zh text;
UPDATE user_packages u SET name_zh = o.product_name_zh, spec_zh = COALESCE(o.spec_zh, u.spec)
FROM orders o WHERE u.order_id = o.id;
ALTER TABLE user_packages ALTER COLUMN name_zh SET NOT NULL;
ALTER TABLE user_packages ALTER COLUMN spec_zh SET NOT NULL;
