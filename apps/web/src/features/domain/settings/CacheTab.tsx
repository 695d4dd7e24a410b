import { Flex } from 'antd';
import { CacheRules } from './CacheRules';
import { CacheSwitches } from './CacheSwitches';

/** Cache rules (each saved on its own through the cache segment) and the cache switches. */
export function CacheTab() {
  return (
    <Flex vertical gap={16}>
      <CacheRules />
      <CacheSwitches />
    </Flex>
  );
}
