import { lang, LANG_NAMES, LANGS, setLang, t } from '../i18n/index.js';

// 中文 drawn as strokes (currentColor), for a machine without a CJK font, which draws the text as empty
// boxes: 中 (a box and the stroke through it), 文 (the dot, the bar and the two crossing strokes). Two
// 10 x 10 cells; the text itself stays in the button, visually hidden, for screen readers and search.
const ZH_GLYPHS = 'M5 .5v9M1.5 3h7v4h-7zM15 .5v1.8M11 2.5h8M17.5 2.5Q16 7 11 9.5M12.5 2.5Q14 7 19.5 9.5';

// One button: the other language, named in itself. The choice goes into the link (`lang`).
// A name in another script carries a Latin code after it (its own lang, so that it is read and
// drawn as Latin): "中文 / ZH".
export function LangToggle() {
  const next = LANGS.find((code) => code !== lang.value) ?? LANGS[0];
  // The one name in another script: drawn by the page, not by a font the machine may lack.
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
      {latin ? (
        <>
          <svg data-testid="lang-glyphs" aria-hidden="true" focusable="false" viewBox="0 0 20 10" width="2em" height="1em"
            fill="none" stroke="currentColor" stroke-width="1.1" stroke-linecap="round"><path d={ZH_GLYPHS} /></svg>
          <span class="visually-hidden">{LANG_NAMES[next]}</span>
        </>
      ) : LANG_NAMES[next]}
      {latin && <span lang="en" data-testid="lang-latin"> / {latin}</span>}
    </button>
  );
}
