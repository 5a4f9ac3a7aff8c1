import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * The layering of src/ as data: files under `layer` may import nothing from the listed layers
 * (top-level folders of src/), and no Node module when `node` is forbidden.
 */
export interface ImportRule {
  readonly layer: string;
  readonly forbiddenLayers: readonly string[];
  readonly forbidsNode: boolean;
}

/** A source file by its path from the repository root (src/...), with its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

const NODE_BUILTINS = new Set(builtinModules);

/** Every module specifier of static imports, re-exports and dynamic imports in `text`. */
export function importsOf(text: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

/** The top-level folder of src/ that `file` lies in ('' for files directly in src/). */
function layerOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length > 2 ? parts[1] : '';
}

function isNodeModule(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0]);
}

/** Each import that breaks a rule, as "file -> specifier". */
export function violations(files: readonly SourceFile[], rules: readonly ImportRule[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const layer = layerOf(file.path);
    for (const rule of rules) {
      if (rule.layer !== layer) continue;
      for (const specifier of importsOf(file.text)) {
        const bad = specifier.startsWith('.')
          ? rule.forbiddenLayers.includes(layerOf(path.posix.join(path.posix.dirname(file.path), specifier)))
          : rule.forbidsNode && isNodeModule(specifier);
        if (bad) found.push(`${file.path} -> ${specifier}`);
      }
    }
  }
  return found.sort();
}

/** Every .ts file under `dir` (a path from `root`), read. */
export function sourceFiles(root: string, dir: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(root, relative));
    else if (entry.name.endsWith('.ts')) files.push({ path: relative, text: readFileSync(path.join(root, relative), 'utf8') });
  }
  return files;
}

/**
 * An order of the parts of one folder, lowest first: its subfolders and the files directly in it
 * (by name). A part may import only from parts in an earlier group; parts in one group are
 * siblings that import neither each other. Every part must be placed, so a new folder or root
 * file has to be given its place before it can import or be imported.
 */
export interface LayerOrder {
  /** The folder from the repository root, e.g. src/solver. */
  readonly folder: string;
  readonly groups: readonly (readonly string[])[];
}

/** The part of `order.folder` that `file` lies in (its first path step inside it), or null outside it. */
function partOf(file: string, folder: string): string | null {
  if (!file.startsWith(`${folder}/`)) return null;
  return file.slice(folder.length + 1).split('/')[0];
}

/** Each import within `order.folder` that runs sideways or back up its order, as "file -> specifier". */
export function orderViolations(files: readonly SourceFile[], order: LayerOrder): string[] {
  const rank = new Map<string, number>();
  order.groups.forEach((group, i) => {
    for (const part of group) rank.set(part, i);
  });
  const found: string[] = [];
  for (const file of files) {
    const from = partOf(file.path, order.folder);
    if (from === null) continue;
    for (const specifier of importsOf(file.text)) {
      if (!specifier.startsWith('.')) continue;
      const to = partOf(path.posix.join(path.posix.dirname(file.path), specifier).replace(/\.js$/, '.ts'), order.folder);
      if (to === null || to === from) continue;
      const fromRank = rank.get(from);
      const toRank = rank.get(to);
      if (fromRank === undefined || toRank === undefined || toRank >= fromRank) found.push(`${file.path} -> ${specifier}`);
    }
  }
  return found.sort();
}

/**
 * Every loop of imports among the files, type-only imports included (a module that needs another
 * to be understood is tied to it either way), each as "a -> b -> a", its files in the order of
 * the loop from its least one. A loop of modules is one concept split in two, or a helper in the
 * wrong place: each file should be readable before the files that use it.
 */
export function importCycles(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map((file) => file.path));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file.text)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.posix.join(path.posix.dirname(file.path), specifier).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    edges.set(file.path, [...new Set(targets)].sort());
  }
  // Tarjan's strongly connected components; a component of more than one file holds a loop.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1) loops.push(loopThrough(component.sort(), edges));
  };
  for (const file of [...known].sort()) if (!index.has(file)) visit(file);
  return loops.sort();
}

/** One loop through a component, from its least file, following the least next file still in it. */
function loopThrough(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string {
  const members = new Set(component);
  const start = component[0];
  const walked = [start];
  for (let at = start; ; ) {
    const next = (edges.get(at) ?? []).find((target) => members.has(target) && (target === start || !walked.includes(target)));
    if (next === undefined || next === start) break;
    walked.push(next);
    at = next;
  }
  return [...walked, start].join(' -> ');
}
