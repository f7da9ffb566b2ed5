import { lang, LANG_NAMES, LANGS, setLang, t } from '../i18n/index.js';

// One button: the other language, named in itself. The choice goes into the link (`lang`).
export function LangToggle() {
  const next = LANGS.find((code) => code !== lang.value) ?? LANGS[0];
  return (
    <button
      type="button"
      class="quiet lang-toggle"
      data-testid="lang-toggle"
      lang={next}
      aria-label={`${t('lang.label')}: ${LANG_NAMES[next]}`}
      onClick={() => setLang(next)}
    >
      {LANG_NAMES[next]}
    </button>
  );
}
