import type { MessageParams } from '@edgeward/contract';
import { useI18n } from '../../i18n';
import { i18nStore, type Locale, type TextKey } from '../../i18n/i18n-store';
import { adminEnUS } from '../../locales/en-US/admin';
import { adminCustomerEnUS } from '../../locales/en-US/admin-customer';
import { adminDeskEnUS } from '../../locales/en-US/admin-desk';
import { adminEdgeEnUS } from '../../locales/en-US/admin-edge';
import { adminFinanceEnUS } from '../../locales/en-US/admin-finance';
import { adminNoticeEnUS } from '../../locales/en-US/admin-notice';

/**
 * The operator console's texts. They are not part of the customer console's catalogues (a customer never downloads
 * them, nor the Chinese pack carries them): this chunk brings the English ones and fetches the Chinese ones when that
 * language is chosen, and keeps them merged into the catalogue in force, whichever language the store switches to.
 */
const englishTexts = {
  ...adminEnUS,
  ...adminFinanceEnUS,
  ...adminDeskEnUS,
  ...adminNoticeEnUS,
  ...adminEdgeEnUS,
  ...adminCustomerEnUS,
};
export type AdminTextKey = keyof typeof englishTexts;
type AdminTexts = Record<AdminTextKey, string>;

const packs: Partial<Record<Locale, AdminTexts>> = { 'en-US': englishTexts };
const loading = new Map<Locale, Promise<void>>();
/** Each catalogue this module made, with the pack it carries: one not among them is the store's own, to extend. */
const merged = new WeakMap<object, AdminTexts>();

function loadPack(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([
      import('../../locales/zh-CN/admin'),
      import('../../locales/zh-CN/admin-finance'),
      import('../../locales/zh-CN/admin-desk'),
      import('../../locales/zh-CN/admin-notice'),
      import('../../locales/zh-CN/admin-edge'),
      import('../../locales/zh-CN/admin-customer'),
    ]).then(
      ([module, finance, desk, notice, edge, customer]) => {
        packs[locale] = {
          ...module.adminZhCN,
          ...finance.adminFinanceZhCN,
          ...desk.adminDeskZhCN,
          ...notice.adminNoticeZhCN,
          ...edge.adminEdgeZhCN,
          ...customer.adminCustomerZhCN,
        };
        sync();
      },
      (error: unknown) => {
        // The English texts stay in place; the next switch tries again.
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Puts the current language's texts (English while the Chinese ones are on their way) into the catalogue. */
function sync(): void {
  const state = i18nStore.get();
  const own = packs[state.locale];
  if (!own) void loadPack(state.locale).catch(() => undefined);
  const pack = own ?? englishTexts;
  if (merged.get(state.catalogue) === pack) return;
  const catalogue = { ...state.catalogue, ...pack };
  merged.set(catalogue, pack);
  i18nStore.set({ ...state, catalogue });
}

let installed = false;

/**
 * Installs the texts once: from then on every language switch (and the customer console's texts arriving) keeps
 * them. Resolves once the texts of the language in force are there (at once in English), so that the console is
 * first drawn in it.
 */
export function installAdminTexts(): Promise<void> {
  if (!installed) {
    installed = true;
    i18nStore.subscribe(sync);
    sync();
  }
  const { locale } = i18nStore.get();
  return packs[locale] ? Promise.resolve() : loadPack(locale).catch(() => undefined);
}

/** Whether the texts of the language in force are there (English always is). */
export function adminTextsReady(): boolean {
  return packs[i18nStore.get().locale] !== undefined;
}

/**
 * useI18n with the operator console's keys typed as well (a mistyped key fails the build). `translate` is the same
 * function for keys that come from data, which the form helpers take (a schema's message key).
 */
export function useAdminI18n() {
  const i18n = useI18n();
  const t: (key: AdminTextKey | TextKey, params?: MessageParams) => string = i18n.t;
  return { ...i18n, t, translate: i18n.t };
}
