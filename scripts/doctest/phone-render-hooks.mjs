// A Node module hook for phone blocks marked `render`: `react-native` resolves to react-native-host.mjs.
import { register } from 'node:module';

const host = new URL('./react-native-host.mjs', import.meta.url).href;
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return next(specifier === 'react-native' ? ${JSON.stringify(host)} : specifier, context);
}`)}`);
