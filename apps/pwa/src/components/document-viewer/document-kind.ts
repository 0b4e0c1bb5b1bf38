/** What the document viewer can show, from the file's extension (spec 1: images png, gif, jpeg, jpg; and PDF). */
const VIEWABLE: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
};

export type DocumentKind = 'pdf' | 'image' | 'other';

/** The type the viewer gives the downloaded bytes: never what the upload claimed, only a viewable type or none. */
export function viewerTypeOf(extension: string): string | undefined {
  return VIEWABLE[extension.toLowerCase()];
}

export function documentKindOf(extension: string): DocumentKind {
  const type = viewerTypeOf(extension);
  if (type === undefined) return 'other';
  return type === 'application/pdf' ? 'pdf' : 'image';
}

/** Spec 9: "Document image types ... with a 3 s load timer": an image not shown by then is said to have failed. */
export const IMAGE_LOAD_MS = 3_000;
