/** Types of login-route-files.mjs (the size check and the browser bench share it). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export const ROUTER_KEY: string;
export function readManifest(dist: string): Manifest;
export function closure(manifest: Manifest, keys: string[]): Set<string>;
export function loginRouteFiles(manifest: Manifest): Set<string>;
export function gzipOf(dist: string, file: string): number;
export function gzipTotal(dist: string, files: Iterable<string>): number;
