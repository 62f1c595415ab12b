// Node already has crypto.getRandomValues: the polyfill the app imports has nothing to add in tests.
export {};
