// The web build's module graph, for the server's preload links (decision 056).

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `.vite/module-chunks.json` into the client build: the chunk of each source module (by its path under
 * src/web) and each chunk's static imports and styles. scripts/prerender.mjs reads it for the pages' preload
 * links and removes it.
 */
export function moduleChunksFile(webRoot: string) {
  let ssr = false;
  return {
    name: 'heirloom-module-chunks',
    apply: 'build' as const,
    configResolved(config: { build: { ssr: unknown } }) {
      ssr = !!config.build.ssr;
    },
    generateBundle(
      this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void },
      _: unknown,
      bundle: Record<string, { type: string }>,
    ) {
      if (ssr) return;
      const modules: Record<string, string> = {};
      const chunks: Record<string, { imports: string[]; css: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const chunk = output as OutputChunk;
        for (const id of chunk.moduleIds) if (id.startsWith(webRoot)) modules[id.slice(webRoot.length + 1)] = chunk.fileName;
        chunks[chunk.fileName] = { imports: chunk.imports, css: [...(chunk.viteMetadata?.importedCss ?? [])] };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify({ modules, chunks }) });
    },
  };
}
