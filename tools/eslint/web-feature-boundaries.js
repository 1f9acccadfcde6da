// The web app's feature boundaries (STYLE.md, bulletproof-react): a feature never imports another
// feature, and shared code (components, hooks, lib, config) imports no feature and not the app; only
// app/ composes features. A local rule rather than `no-restricted-imports` patterns because it
// resolves what an import names: the '@/' alias, relative paths of any depth, and lazy `import()`.
import path from 'node:path';

const webSrc = path.join('apps', 'web', 'src');
const shared = new Set(['components', 'hooks', 'lib', 'config']);

/** Where a file of the web app sits: its top folder under src/, and its feature when that is features/. */
const areaOf = (relative) => {
  const parts = relative.split(path.sep);
  const top = parts[0];
  if (top === 'features') return { top, feature: parts[1] ?? null };
  return { top, feature: null };
};

/** The file an import names, relative to apps/web/src, or null for a package. */
const targetOf = (specifier, fromFile, root) => {
  if (specifier.startsWith('@/')) return specifier.slice(2).split('/').join(path.sep);
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  return path.relative(path.join(root, webSrc), path.resolve(path.dirname(fromFile), specifier));
};

const noCrossFeature = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports no other feature; shared code imports no feature and not the app.' },
    schema: [],
    messages: {
      crossFeature:
        'The feature "{{from}}" imports the feature "{{to}}": features do not import each other (STYLE.md). Move what both need to components/, hooks/ or lib/, or compose them in app/.',
      sharedToFeature: '{{from}}/ is shared code and imports "{{to}}": shared code imports no feature and not app/ (STYLE.md).',
      featureToApp: 'The feature "{{from}}" imports app/: only app/ composes features, never the other way (STYLE.md).',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(path.join(root, webSrc), context.filename);
    if (file.startsWith('..') || path.isAbsolute(file)) return {};
    const from = areaOf(file);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, context.filename, root);
      if (target === null || target.startsWith('..')) return;
      const to = areaOf(target);
      if (from.feature !== null) {
        if (to.feature !== null && to.feature !== from.feature) {
          context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
        } else if (to.top === 'app') {
          context.report({ node, messageId: 'featureToApp', data: { from: from.feature } });
        }
      } else if (shared.has(from.top) && (to.top === 'features' || to.top === 'app')) {
        context.report({ node, messageId: 'sharedToFeature', data: { from: from.top, to: source.value } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export const webBoundaries = { rules: { 'no-cross-feature': noCrossFeature } };
