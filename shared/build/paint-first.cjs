// Builds the pages with a static first paint so that the app starts after that paint
// (shared/src/mfe/paint-first-script.cjs says why: the page's starter script, which the BFF's CSP allows too).
const { PAINT_FIRST_SCRIPT, AFTER_FIRST_PAINT_ID, APP_ENTRY_ATTRIBUTE } = require('../src/mfe/paint-first-script.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// The plugin's own serializer, as it writes every other tag of the page.
const { htmlTagObjectToString } = require('html-webpack-plugin/lib/html-tags');

const isEntryScript = (tag) => tag.tagName === 'script' && typeof tag.attributes.src === 'string';
const isLaterPreload = (tag) =>
  tag.tagName === 'link' && tag.attributes.rel === 'preload' && ['style', 'script'].includes(tag.attributes.as);
const tag = (tagName, attributes, innerHTML) => ({
  tagName,
  voidTag: innerHTML === undefined,
  meta: { plugin: 'PaintFirstPlugin' },
  attributes,
  innerHTML,
});

/**
 * For the HtmlWebpackPlugin pages that carry `firstPaint`: the entry script becomes a preload that the inline script
 * starts after the first paint, and the boot chunks' and styles' preloads move into the after-first-paint template
 * (shared/src/mfe/paint-first-script.cjs says why). Runs after
 * BootPreloadPlugin (stage 10), whose tags it rearranges; pages without `firstPaint` keep `<script defer>`.
 */
class PaintFirstPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PaintFirstPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        { name: 'PaintFirstPlugin', stage: 10 },
        (data) => {
          if (!data.plugin.options.firstPaint) return data;
          const entries = data.headTags.filter(isEntryScript);
          if (entries.length !== 1)
            throw new Error(`PaintFirstPlugin: ${data.outputName} has ${entries.length} entry scripts, expected 1`);
          const later = data.headTags.filter(isLaterPreload);
          data.headTags = [
            tag('link', { rel: 'preload', as: 'script', href: entries[0].attributes.src, [APP_ENTRY_ATTRIBUTE]: true }),
            ...data.headTags.filter((t) => !isEntryScript(t) && !isLaterPreload(t)),
          ];
          data.bodyTags.push(
            tag('template', { id: AFTER_FIRST_PAINT_ID }, later.map((t) => htmlTagObjectToString(t, false)).join('')),
            tag('script', {}, PAINT_FIRST_SCRIPT),
          );
          return data;
        },
      );
    });
  }
}

module.exports = { PaintFirstPlugin };
