// Stands in for the theme's client module that loads Prism into every page (see index.ts).
export {};
