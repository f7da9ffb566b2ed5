// The message tables (web/src/i18n/en.js, zh-CN.js) hold the CLI's words too
// (`cli.*` rows, read by core/scripts/gen-messages.mjs for --lang): the page
// never shows them, so its bundle leaves them out. Each such row is one line
// ("cli.key": "text",); a row written over several lines would survive the cut,
// and fails the build instead.
const TABLE = /\/src\/i18n\/(?:en|zh-CN)\.js$/;
const ROW = /^[ \t]*"cli\.[\w.]+": ".*",[ \t]*\n/gm;

/** A table's text without its cli.* rows. */
export const withoutCliRows = (code) => code.replace(ROW, '');

export function cliMessagesOut() {
  return {
    name: 'cli-messages-out',
    enforce: 'pre',
    transform(code, id) {
      if (!TABLE.test(id.split('?')[0])) return null;
      const out = withoutCliRows(code);
      if (/["']cli\./.test(out)) this.error(`${id}: a cli.* message is not on one line; the page build cannot leave it out`);
      return { code: out, map: null };
    },
  };
}
