// Loaded with `node --import` (scripts/unit.sh): lets the compiled page modules in build/unit import
// each other the way the page's bundler does, without file extensions.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (e) {
    if (e?.code === 'ERR_MODULE_NOT_FOUND' && /^\\.\\.?\\//.test(specifier) && !specifier.endsWith('.js')) return next(specifier + '.js', context);
    throw e;
  }
}`));
