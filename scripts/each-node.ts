// A walk over a built module's syntax tree (Vite's parser), for the build's plugins that read the code they ship.
import { parseAst } from 'vite';

export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Calls `visit` on every node of `code`; a node for which it returns true is not walked into. */
export function eachNode(code: string, visit: (node: SyntaxNode) => boolean | void): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const node = value as SyntaxNode;
    if (typeof node.type === 'string' && visit(node)) return;
    for (const child of Object.values(node)) if (typeof child === 'object') walk(child);
  };
  walk(parseAst(code));
}
