/** A translation file cut to the first screen's namespaces (vite.config.ts, firstScreenStrings). */
declare module '*.json?first-screen' {
  const strings: Record<string, unknown>;
  export default strings;
}
