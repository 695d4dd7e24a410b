import { icuFormat } from '@edgeward/contract/messages/icu';

// intl-messageformat, about 10 KB gzip: its own chunk, fetched by the console's layout (or at the first plural text
// elsewhere), never by the login page.
export const icu = { 'en-US': icuFormat('en-US'), 'zh-CN': icuFormat('zh-CN') };
