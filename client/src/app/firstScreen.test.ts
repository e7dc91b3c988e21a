import { describe, expect, it } from 'vitest';

/**
 * The shopper's first screens (the shell, /, /products and /product/:id) use no antd: its
 * CSS-in-JS styles would be generated in their first render (Total Blocking Time on phones).
 * This follows the static imports of their sources (dynamic import() loads later and may
 * bring antd: the product popup, the mobile drawer, the toasts).
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** Paths relative to client/src. */
const files = new Map(Object.entries(sources).map(([k, v]) => [k.replace(/^\/src\//, ''), v]));

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((p) => files.has(p));
}

/** Every source file reached from `root` through static value imports, with the bare modules each one imports. */
function staticGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const bare: string[] = [];
    graph.set(file, bare);
    for (const [, typeOnly, spec] of (files.get(file) ?? '').matchAll(STATIC_IMPORT)) {
      if (typeOnly) continue;
      if (!spec.startsWith('.')) bare.push(spec);
      else {
        const target = resolve(file, spec);
        if (target) visit(target);
      }
    }
  };
  visit(root);
  return graph;
}

const FIRST_SCREENS = [
  'app/main.tsx',
  'shop/layout/ShopLayout.tsx',
  'shop/features/content/HomePage.tsx',
  'shop/features/catalog/ProductsPage.tsx',
  'shop/features/catalog/ProductPage.tsx',
];

describe('first screens without antd', () => {
  it.each(FIRST_SCREENS)('%s imports no antd component, theme or toast statically', (root) => {
    expect(files.has(root)).toBe(true);
    const graph = staticGraph(root);
    const antd = [...graph].flatMap(([file, bare]) => bare.filter((m) => m === 'antd' || m.startsWith('antd/')).map((m) => `${file} → ${m}`));
    expect(antd).toEqual([]);
    expect([...graph.keys()]).not.toContain('app/toast.tsx');
    expect([...graph.keys()]).not.toContain('app/AntdScope.tsx');
  });

  it('sees antd where it is used (the check itself works)', () => {
    const graph = staticGraph('shop/features/catalog/ProductPopup.tsx');
    expect(graph.get('shop/features/catalog/ProductPopup.tsx')).toContain('antd');
    expect(graph.has('shop/features/catalog/PurchasePanel.tsx')).toBe(true);
    expect(graph.has('shared/components/QuantityStepper.tsx')).toBe(true);
  });
});
