import { icuFormat } from '@edgeward/contract/messages/icu';
import { installIcu } from './i18n-store';

// intl-messageformat, about 10 KB gzip, arrives with the console's layout (or at the first plural text elsewhere),
// never with the login page.
installIcu({ 'en-US': icuFormat('en-US'), 'zh-CN': icuFormat('zh-CN') });
