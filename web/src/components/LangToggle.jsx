import { lang, LANG_NAMES, LANGS, setLang, t } from '../i18n/index.js';

// One button: the other language, named in itself. The choice goes into the link (`lang`).
// A name in another script carries a Latin code after it (its own lang, so that it is read and
// drawn as Latin): "中文 / ZH" still reads as "ZH" where no CJK font draws 中文.
export function LangToggle() {
  const next = LANGS.find((code) => code !== lang.value) ?? LANGS[0];
  // The one name in another script: a machine without a CJK font draws 中文 as empty boxes.
  const latin = next === 'zh-CN' && 'ZH';
  const name = latin ? `${LANG_NAMES[next]} / ${latin}` : LANG_NAMES[next];
  return (
    <button
      type="button"
      class="quiet lang-toggle"
      data-testid="lang-toggle"
      lang={next}
      aria-label={`${t('lang.label')}: ${name}`}
      onClick={() => setLang(next)}
    >
      {LANG_NAMES[next]}
      {latin && <span lang="en" data-testid="lang-latin"> / {latin}</span>}
    </button>
  );
}
