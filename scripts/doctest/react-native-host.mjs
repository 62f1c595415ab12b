// What `react-native` is for a phone block marked `render` (phone-render.mjs): its core components as host
// components of react-test-renderer, named as React Native names them, with the props the app passes. The renderer
// keeps them as a tree the checker reads and presses, in place of the native views a device would draw.
export const View = 'View';
export const Text = 'Text';
export const Button = 'Button';
