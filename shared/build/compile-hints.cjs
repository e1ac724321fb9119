// V8 compiles a function the first time it is called. A library whose code all runs at once when it is first used
// (the console's charts: apexcharts builds, measures and draws a chart through hundreds of functions) then pays for
// compiling them inside that first use, one long task. Chrome's explicit compile hints
// (https://v8.dev/blog/explicit-compile-hints) let a script ask for every function to be compiled when the script is
// loaded instead: the magic comment below, first in the file. Other engines read it as a comment.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the compile hint first in every JS file of a chunk holding a module whose path matches `modules`. After the
 * minifier (which drops comments) and before the source maps are written (their lines follow the file's).
 */
class CompileHintsPlugin {
  /** @param {{ modules: RegExp }} options */
  constructor({ modules }) {
    this.modules = modules;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            const modules = compilation.chunkGraph.getChunkModules(chunk);
            if (!modules.some((m) => this.modules.test(m.nameForCondition?.() ?? ''))) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}

module.exports = { COMPILE_HINT, CompileHintsPlugin };
